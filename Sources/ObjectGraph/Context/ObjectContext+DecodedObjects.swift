/// Registering objects a store decoded from its rows (``DecodedObjects``).
extension ObjectContext {
    /// Appends the registered objects for `batch` to `objects`: each decoded object registers, unless
    /// an object with its ID is registered already; that one is kept (loaded again from the decoded
    /// one when `refreshing` and it has no unsaved changes) and the decoded one dropped. `allNew` says
    /// no object of the batch has a registered one, so each registers without a lookup.
    func register(_ batch: consuming DecodedObjects, into objects: inout [ManagedObject], refreshing: Bool = true, allNew: Bool) throws {
        let (decoded, toOneIDs) = batch.take()
        if allNew {
            registered.reserveCapacity(forAppending: decoded.count)
        } else {
            registered.reserveCapacity(forRegistering: decoded.count)
        }
        objects.reserveCapacity(forAdding: decoded.count)
        for (position, object) in decoded.enumerated() {
            let (kept, created): (ManagedObject, Bool)
            if allNew {
                (kept, created) = (object, true)
                registered.appendNew(object)
            } else if case .integer(let key) = object.objectID.key {
                (kept, created) = registered.object(forKey: key, entityName: object.objectID.entityName) { object }
            } else {
                (kept, created) = registered.object(for: object.objectID) { object }
            }
            if created {
                adoptLoaded(object, entity: object.entity, toOneIDs: toOneIDs[position])
            } else if refreshing && takesStoredState(kept) {
                try reload(Snapshot(
                    id: object.objectID, entityName: object.entity.name, values: object.storableValues,
                    toOneIDs: toOneIDs[position], version: object.committedVersion), into: kept)
            }
            objects.append(kept)
        }
    }
}
