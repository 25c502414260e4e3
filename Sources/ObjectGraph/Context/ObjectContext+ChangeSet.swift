/// Building the ``ChangeSet`` of a save from the context's pending changes.
extension ObjectContext {
    /// Everything pending, without references to objects that were inserted and deleted again.
    func changeSet(_ pending: PendingSave) -> ChangeSet {
        let live = pending.live
        var changes = ChangeSet()
        changes.inserted.reserveCapacity(pending.inserted.count)
        for (index, object) in pending.inserted.enumerated() {
            changes.inserted.append(Snapshot(
                id: object.objectID, entityName: object.entity.name,
                values: pending.insertedValues[index], toOneIDs: pending.insertedToOneIDs[index]))
        }
        changes.updated.reserveCapacity(pending.updated.count + pendingToOne.count)
        for (object, values) in zip(pending.updated, pending.updatedValues) {
            if let update = update(of: object, values: values, live: live) { changes.updated.append(update) }
        }
        changes.deleted = deleted.objects.filter { $0.lifecycle == .persisted }
            .map { DeletedObject(id: $0.objectID, entityName: $0.entity.name, readVersion: $0.committedVersion) }
        for object in pending.inserted where object.entity.hasToMany {
            appendToManyChanges(of: object, live: live, to: &changes.toManyChanges)
        }
        for object in pending.updated where object.entity.hasToMany {
            appendToManyChanges(of: object, live: live, to: &changes.toManyChanges)
        }
        for (key, pending) in pendingToMany
        where model.schema.carriesToManyChanges(of: key.entityName, relationshipAt: key.relationshipIndex)
            && registeredObject(for: key.owner)?.isPendingDeletion != true {
            let added = pending.added.compactMap { $0.isPendingDeletion ? nil : live.id(of: $0) }
            guard !added.isEmpty || !pending.removed.isEmpty else { continue }
            changes.toManyChanges.append(ToManyChange(
                ownerID: key.owner, entityName: key.entityName, relationshipIndex: key.relationshipIndex,
                added: added, removed: pending.removed))
        }
        for (key, destination) in pendingToOne where registeredObject(for: key.owner)?.isPendingDeletion != true {
            changes.updated.append(UpdatedObject(
                id: key.owner, entityName: key.entityName, attributes: [],
                toOnes: [ToOneChange(relationshipIndex: key.relationshipIndex, destination: live.id(destination))]))
        }
        return changes
    }

    /// The changed attributes (compared with the committed values bit for bit, so `-0.0` after `0.0` and
    /// a decomposed string after its precomposed form are changes) and to-ones of `object`, whose
    /// current stored values are `values`.
    private func update(of object: ManagedObject, values: SharedSlice<AttributeValue>, live: LiveIDs) -> UpdatedObject? {
        let entity = object.entity
        let isTransient = entity.attributeIsTransient
        var attributes: [AttributeChange] = []
        attributes.reserveCapacity(object.changedAttributes.count)
        for index in object.changedAttributes where !isTransient[index] {
            let value = values[index]
            if !value.isIdentical(to: object.committedValues[index]) { attributes.append(AttributeChange(index: index, value: value)) }
        }
        var toOnes: [ToOneChange] = []
        for (slot, index) in entity.toOneRelationshipIndices.enumerated() where !object.isCommittedToOneFault(at: index) {
            let current = object.toOneID(at: index)
            if current != object.committedToOneIDs[slot] {
                toOnes.append(ToOneChange(relationshipIndex: index, destination: live.id(current)))
            }
        }
        guard !attributes.isEmpty || !toOnes.isEmpty else { return nil }
        return UpdatedObject(
            id: object.objectID, entityName: entity.name, attributes: attributes, toOnes: toOnes, readVersion: object.committedVersion)
    }

    /// Appends a change for every loaded to-many of `object` whose members or order differ from the
    /// committed ones.
    private func appendToManyChanges(of object: ManagedObject, live: LiveIDs, to changes: inout [ToManyChange]) {
        for index in object.entity.relationships.indices
        where model.schema.carriesToManyChanges(of: object.entity.name, relationshipAt: index) {
            let relationship = object.entity.relationships[index]
            guard !relationship.isTransient, case .toMany(let members) = object.relationshipStates[index] else { continue }
            let current = members.compactMap { $0.isPendingDeletion ? nil : live.id(of: $0) }
            let committed = object.committedToMany[index] ?? []
            let added: [AnyObjectID]
            let removed: [AnyObjectID]
            if committed.isEmpty {
                (added, removed) = (current, [])
            } else if current == committed {
                continue
            } else {
                let currentSet = Set(current)
                let committedSet = Set(committed)
                added = current.filter { !committedSet.contains($0) }
                removed = committed.filter { !currentSet.contains($0) }
            }
            guard !added.isEmpty || !removed.isEmpty || (relationship.isOrdered && current != committed) else { continue }
            changes.append(ToManyChange(
                ownerID: object.objectID, entityName: object.entity.name, relationshipIndex: index,
                added: added, removed: removed, orderedIDs: relationship.isOrdered ? current : nil))
        }
    }
}
