/// The objects one save writes. Inserted objects are read a batch at a time (a packer's array of
/// objects, ``SlicePacker``) for everything the save needs of them: their stored values and live to-one
/// IDs, packed, then their validation and their snapshots for the change set, so validation, the change
/// set and the store see the same values, and the objects are not visited again while out of the cache
/// (a pass over many objects costs a cache miss per object, which instruction counts do not show). Updated objects have
/// none read here: validation and the change set read only the attributes they check and the changed
/// ones from the objects, one after the other with no suspension between, so both see the same values,
/// and a change set of one changed attribute packs no copy of the others.
struct PendingSave {
    /// Inserted objects that are not deleted again, in insertion order.
    let inserted: [ManagedObject]
    /// The snapshot of each of ``inserted`` for the change set: its temporary ID, stored values and live
    /// to-one destinations (see ``LiveIDs``).
    let insertedSnapshots: [Snapshot]
    /// The objects of ``inserted`` whose entities have to-many relationships, in the same order.
    let insertedWithToMany: [ManagedObject]
    /// Persisted, changed objects that are not being deleted.
    let updated: [ManagedObject]
    /// Which IDs the change set may mention.
    let live: LiveIDs

    /// Reads the inserted objects, handing each to `validate` with its packed values, and lists the
    /// updated ones.
    /// - Throws: what `validate` throws.
    init(
        inserted insertedSet: ObjectSet, changed changedSet: ObjectSet,
        validate: (ManagedObject, SharedSlice<AttributeValue>) throws -> Void
    ) rethrows {
        let live = LiveIDs(inserted: insertedSet)
        let objects = insertedSet.objects
        var inserted: [ManagedObject] = []
        var snapshots: [Snapshot] = []
        var withToMany: [ManagedObject] = []
        var values = SlicePacker<AttributeValue>()
        var toOneIDs = SlicePacker<AnyObjectID?>()
        inserted.reserveCapacity(objects.count)
        snapshots.reserveCapacity(objects.count)
        var start = 0
        while start < objects.count {
            // A batch of objects is packed, then validated and given its snapshots while its objects are
            // still in the cache.
            let batch = objects[start..<min(start + values.runsPerArray, objects.count)]
            let first = inserted.count
            values.reserveRuns(batch.count)
            toOneIDs.reserveRuns(batch.count)
            for object in batch where !object.isPendingDeletion {
                inserted.append(object)
                object.packStorableValues(into: &values)
                live.packToOneIDs(of: object, into: &toOneIDs)
            }
            let (batchValues, batchToOneIDs) = (values.finish(), toOneIDs.finish())
            for offset in batchValues.indices {
                let object = inserted[first + offset]
                try validate(object, batchValues[offset])
                let entity = object.entity
                snapshots.append(Snapshot(
                    id: object.objectID, entityName: entity.name, values: batchValues[offset], toOneIDs: batchToOneIDs[offset]))
                if entity.hasToMany { withToMany.append(object) }
            }
            start = batch.endIndex
        }
        (self.inserted, insertedSnapshots, insertedWithToMany, self.live) = (inserted, snapshots, withToMany, live)

        // Usually every changed object is saved: the list is then shared, not filtered into a copy.
        let isSaved = { (object: ManagedObject) in !object.isPendingDeletion && object.lifecycle == .persisted }
        updated = changedSet.objects.allSatisfy(isSaved) ? changedSet.objects : changedSet.objects.filter(isSaved)
    }
}

/// Which object IDs a change set may mention: permanent IDs, and temporary IDs of objects the save
/// inserts (an inserted object deleted again leaves no trace in the store).
final class LiveIDs {
    private let inserted: ObjectSet
    /// Built on first use: only references known by ID alone (faults, unloaded sides) need it.
    private lazy var temporaryIDs = Set(inserted.objects.lazy.filter { !$0.isPendingDeletion }.map(\.objectID))

    /// The live IDs of a save of the objects in `inserted` that are not pending deletion.
    init(inserted: ObjectSet) {
        self.inserted = inserted
    }

    /// `id` when the store can know it, otherwise `nil`.
    func id(_ id: AnyObjectID?) -> AnyObjectID? {
        guard let id, !id.isTemporary || temporaryIDs.contains(id) else { return nil }
        return id
    }

    /// The ID of `object` when the store can know it. Objects of the context with a temporary ID are
    /// exactly those in its inserted set, so no lookup is needed.
    func id(of object: ManagedObject) -> AnyObjectID? {
        let id = object.objectID
        guard id.isTemporary else { return id }
        return object.lifecycle == .inserted && !object.isPendingDeletion ? id : self.id(id)
    }

    /// Appends the live destination IDs of every to-one of `object`, aligned with its entity's to-one
    /// relationships, as one run of `packer`.
    func packToOneIDs(of object: ManagedObject, into packer: inout SlicePacker<AnyObjectID?>) {
        for index in object.entity.toOneRelationshipIndices {
            switch object.relationshipStates[index] {
            case .toOneFault(let destination): packer.append(id(destination))
            case .toOne(let destination): packer.append(destination.flatMap(id(of:)))
            case .committedToOneFault: packer.append(id(object.committedToOneID(at: index)))
            case .toManyFault, .toMany: packer.append(nil)
            }
        }
        packer.endRun()
    }
}
