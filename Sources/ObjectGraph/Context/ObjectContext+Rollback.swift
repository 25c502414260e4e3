/// Discarding changes.
extension ObjectContext {
    /// Discards every unsaved change: inserted objects leave the context, changed and deleted objects
    /// return to their last saved state (their relationships reload on next access).
    ///
    /// An inserted object the caller still holds keeps its values but no context; its relationships
    /// become faults, and resolving one throws ``ObjectGraphError/objectNotInContext(_:)``, so discarded
    /// objects linked to each other do not keep each other allocated.
    public func rollback() {
        let observed = changeHub.hasObservers
        var change = ContextChange(causes: .rolledBack)
        let discarded = inserted.objects
        for object in discarded {
            if observed && object.lifecycle == .inserted { change.discarded.insert(object.objectID) }
            object.lifecycle = .gone
            object.isPendingDeletion = false
            object.context = nil
        }
        for object in changed.objects + deleted.objects where object.lifecycle == .persisted {
            let before = observed ? propertyValues(of: object) : nil
            let wasDeleted = object.isPendingDeletion
            resetToCommitted(object)
            if let before {
                let properties = changedProperties(of: object, since: before)
                if !properties.isEmpty || wasDeleted { change.refreshed[object.objectID, default: ChangedProperties()].formUnion(properties) }
            }
        }
        inserted.removeAll()
        insertedListChanged()
        deleted.removeAll()
        changed.removeAll()
        pendingToMany.removeAll()
        pendingToOne.removeAll()
        misuse = nil
        // Discarded objects linked to each other would keep each other alive; cut loose, they are faulted
        // like a reset's (see ``reset()``).
        Self.releaseRelatedObjects(of: discarded)
        if observed && !change.isEmpty { changeHub.publish { change } }
    }

    /// Discards `object`'s unsaved changes and reloads it from the store. An inserted object is left as
    /// it is. Changes made to the other side of its relationships stay pending.
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` when the store no longer has the object (it is
    ///   then removed from the context), ``ObjectGraphError/objectNotInContext(_:)`` when ``reset()``
    ///   detached the object while the store answered.
    public nonisolated(nonsending) func refresh(_ object: ManagedObject) async throws {
        guard object.context === self, object.lifecycle == .persisted else { return }
        let id = object.objectID
        let snapshots = try await store.snapshots(for: [id])
        // ``reset()`` ran meanwhile: the object is detached and stays so.
        guard object.context === self else { throw ObjectGraphError.objectNotInContext(id) }
        guard let snapshot = snapshots.first else {
            var gone = StoreChange()
            gone.record(id, StoreChange.Object(kind: .deleted, entityName: object.entity.name))
            changeHub.publish { ContextChange(causes: .refreshed, committed: gone) }
            registered[id] = nil
            changed.remove(object)
            deleted.remove(object)
            object.lifecycle = .gone
            object.context = nil
            throw ObjectGraphError.objectNotFound(id)
        }
        let before = changeHub.hasObservers ? propertyValues(of: object) : nil
        changed.remove(object)
        deleted.remove(object)
        object.isTouched = false
        object.isPendingDeletion = false
        for index in object.entity.relationships.indices {
            pendingToMany[pendingKey(id, entity: object.entity, relationshipIndex: index)] = nil
        }
        _ = try materialize([snapshot])
        if let before {
            let properties = changedProperties(of: object, since: before)
            changeHub.publish { ContextChange(causes: .refreshed, refreshed: [id: properties]) }
        }
    }

    private func resetToCommitted(_ object: ManagedObject) {
        object.isTrackingChanges = false
        defer { object.isTrackingChanges = true }
        for committed in object.changedAttributes where !object.entity.attributes[committed.index].isTransient {
            try? object.setAttributeValue(committed.value, at: committed.index)
        }
        object.relationshipStates = object.entity.loadedRelationshipStates
        object.committedToMany = [:]
        object.changedAttributes = ChangedAttributes()
        object.isTouched = false
        object.isPendingDeletion = false
    }
}
