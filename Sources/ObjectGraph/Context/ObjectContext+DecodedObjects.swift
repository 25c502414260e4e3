/// Registering objects a store decoded from its rows (``DecodedObjects``).
extension ObjectContext {
    /// Appends the registered objects for `batch` to `objects`: each decoded object registers, unless
    /// an object with its ID is registered already; that one is kept (loaded again from the decoded
    /// one when `refreshing` and it has no unsaved changes) and the decoded one dropped. `allNew` says
    /// no object of the batch has a registered one, so each registers without a lookup.
    func register(_ batch: consuming DecodedObjects, into objects: inout [ManagedObject], refreshing: Bool = true, allNew: Bool) throws {
        let (decoded, batchToOneIDs) = batch.take()
        if allNew { return registerNew(decoded, toOneIDs: batchToOneIDs, into: &objects) }
        var toOneIDs = batchToOneIDs
        registered.reserveCapacity(forRegistering: decoded.count)
        objects.reserveCapacity(forAdding: decoded.count)
        for object in decoded {
            let objectToOneIDs = toOneIDs.next(for: object)
            let (kept, created): (ManagedObject, Bool)
            if case .integer(let key) = object.objectID.key {
                (kept, created) = registered.object(forKey: key, entityName: object.objectID.entityName) { object }
            } else {
                (kept, created) = registered.object(for: object.objectID) { object }
            }
            if created {
                adoptLoaded(object, entity: object.entity, toOneIDs: objectToOneIDs)
            } else if refreshing && takesStoredState(kept) {
                try reload(Snapshot(
                    id: object.objectID, entityName: object.entity.name, values: object.storableValues,
                    toOneIDs: objectToOneIDs, version: object.committedVersion), into: kept)
            }
            objects.append(kept)
        }
    }

    /// Registers every object of a batch none of whose IDs is registered, without lookups, and appends
    /// them to `objects` (the first batch of a fetch becomes `objects` without retaining each object).
    private func registerNew(_ decoded: [ManagedObject], toOneIDs: consuming DecodedToOneIDs, into objects: inout [ManagedObject]) {
        registered.reserveCapacity(forAppending: decoded.count)
        for object in decoded {
            registered.appendNew(object)
            adoptLoaded(object, entity: object.entity, toOneIDs: toOneIDs.next(for: object))
        }
        if objects.isEmpty {
            objects = decoded
        } else {
            objects.append(contentsOf: decoded)
        }
    }
}
