/// Building the ``ChangeSet`` of a save from the context's pending changes.
extension ObjectContext {
    /// Everything pending, without references to objects that were inserted and deleted again.
    func changeSet() -> ChangeSet {
        let insertedObjects = inserted.objects.filter { !$0.isPendingDeletion }
        let updatedObjects = changed.objects.filter { !$0.isPendingDeletion && $0.lifecycle == .persisted }
        let liveTemporaryIDs = Set(insertedObjects.map(\.objectID))
        func live(_ id: AnyObjectID?) -> AnyObjectID? {
            guard let id, !id.isTemporary || liveTemporaryIDs.contains(id) else { return nil }
            return id
        }
        var changes = ChangeSet()
        changes.inserted = insertedObjects.map { object in
            Snapshot(id: object.objectID, entityName: object.entity.name,
                     values: object.storableValues, toOneIDs: object.currentToOneIDs.map(live))
        }
        changes.updated = updatedObjects.compactMap { update(of: $0, live: live) }
        changes.deleted = deleted.objects.filter { $0.lifecycle == .persisted }
            .map { DeletedObject(id: $0.objectID, entityName: $0.entity.name) }
        for object in insertedObjects + updatedObjects {
            changes.toManyChanges += toManyChanges(of: object, live: live)
        }
        for (key, pending) in pendingToMany where registered[key.owner]?.isPendingDeletion != true {
            let added = pending.added.filter { !$0.isPendingDeletion }.compactMap { live($0.objectID) }
            guard !added.isEmpty || !pending.removed.isEmpty else { continue }
            changes.toManyChanges.append(ToManyChange(
                ownerID: key.owner, entityName: key.entityName, relationshipIndex: key.relationshipIndex,
                added: added, removed: pending.removed))
        }
        for (key, destination) in pendingToOne where registered[key.owner]?.isPendingDeletion != true {
            changes.updated.append(UpdatedObject(
                id: key.owner, entityName: key.entityName, attributes: [],
                toOnes: [ToOneChange(relationshipIndex: key.relationshipIndex, destination: live(destination))]))
        }
        return changes
    }

    private func update(of object: ManagedObject, live: (AnyObjectID?) -> AnyObjectID?) -> UpdatedObject? {
        let entity = object.entity
        let attributes = object.changedAttributes.sorted().compactMap { index -> AttributeChange? in
            guard !entity.attributes[index].isTransient else { return nil }
            let value = object.attributeValue(at: index)
            return value == object.committedValues[index] ? nil : AttributeChange(index: index, value: value)
        }
        let toOnes = zip(entity.toOneRelationshipIndices, zip(object.currentToOneIDs, object.committedToOneIDs))
            .compactMap { index, ids -> ToOneChange? in
                ids.0 == ids.1 ? nil : ToOneChange(relationshipIndex: index, destination: live(ids.0))
            }
        guard !attributes.isEmpty || !toOnes.isEmpty else { return nil }
        return UpdatedObject(id: object.objectID, entityName: entity.name, attributes: attributes, toOnes: toOnes)
    }

    private func toManyChanges(of object: ManagedObject, live: (AnyObjectID?) -> AnyObjectID?) -> [ToManyChange] {
        object.entity.relationships.indices.compactMap { index in
            let relationship = object.entity.relationships[index]
            guard !relationship.isTransient, case .toMany(let members) = object.relationshipStates[index] else { return nil }
            let current = members.filter { !$0.isPendingDeletion }.compactMap { live($0.objectID) }
            let committed = object.committedToMany[index] ?? []
            let currentSet = Set(current)
            let committedSet = Set(committed)
            let added = current.filter { !committedSet.contains($0) }
            let removed = committed.filter { !currentSet.contains($0) }
            guard !added.isEmpty || !removed.isEmpty || (relationship.isOrdered && current != committed) else {
                return nil
            }
            return ToManyChange(ownerID: object.objectID, entityName: object.entity.name, relationshipIndex: index,
                                added: added, removed: removed, orderedIDs: relationship.isOrdered ? current : nil)
        }
    }
}
