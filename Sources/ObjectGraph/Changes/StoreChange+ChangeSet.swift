extension StoreChange {
    /// What saving `changes` did, once the store assigned `permanentIDs` to its inserted objects (in the
    /// order of ``ChangeSet/inserted``): the change a store publishes for its own save.
    ///
    /// ```swift
    /// let permanentIDs = try apply(changes)
    /// broadcaster.publish { StoreChange(committing: changes, permanentIDs: permanentIDs) }
    /// ```
    public init(committing changes: ChangeSet, permanentIDs: [AnyObjectID]) {
        var permanent: [AnyObjectID: AnyObjectID] = [:]
        permanent.reserveCapacity(permanentIDs.count)
        objects.reserveCapacity(changes.inserted.count + changes.updated.count + changes.deleted.count)
        for (snapshot, id) in zip(changes.inserted, permanentIDs) {
            permanent[snapshot.id] = id
            objects[id] = Object(kind: .inserted, entityName: snapshot.entityName)
        }
        func resolved(_ id: AnyObjectID) -> AnyObjectID? {
            id.isTemporary ? permanent[id] : id
        }
        for update in changes.updated {
            guard let id = resolved(update.id) else { continue }
            let properties = ChangedProperties(
                attributes: update.attributes.map(\.index), toOnes: update.toOnes.map(\.relationshipIndex))
            record(id, Object(kind: .updated, entityName: update.entityName, properties: properties))
        }
        for change in changes.toManyChanges {
            guard let owner = resolved(change.ownerID) else { continue }
            record(ToMany(ownerID: owner, entityName: change.entityName, relationshipIndex: change.relationshipIndex))
        }
        for deletion in changes.deleted {
            record(deletion.id, Object(kind: .deleted, entityName: deletion.entityName))
        }
    }
}
