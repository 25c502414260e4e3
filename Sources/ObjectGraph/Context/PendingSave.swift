/// The objects one save writes, each with its stored values read once: validation, the change set
/// and the committed state after the save all use the same values, packed a batch of objects to an
/// array (``SlicePacker``).
struct PendingSave {
    /// Inserted objects that are not deleted again, in insertion order.
    let inserted: [ManagedObject]
    /// The stored values of each of ``inserted``.
    let insertedValues: [SharedSlice<AttributeValue>]
    /// The live to-one destinations of each of ``inserted`` (see ``LiveIDs``).
    let insertedToOneIDs: [SharedSlice<AnyObjectID?>]
    /// Persisted, changed objects that are not being deleted.
    let updated: [ManagedObject]
    /// The stored values of each of ``updated``.
    let updatedValues: [SharedSlice<AttributeValue>]
    /// Which IDs the change set may mention.
    let live: LiveIDs

    /// Reads everything in one pass over each set (each pass over many objects costs a cache miss per
    /// object).
    init(inserted insertedSet: ObjectSet, changed changedSet: ObjectSet) {
        let live = LiveIDs(inserted: insertedSet)
        var inserted: [ManagedObject] = []
        var values = SlicePacker<AttributeValue>()
        var toOneIDs = SlicePacker<AnyObjectID?>()
        inserted.reserveCapacity(insertedSet.objects.count)
        values.reserveRuns(insertedSet.objects.count)
        toOneIDs.reserveRuns(insertedSet.objects.count)
        for object in insertedSet.objects where !object.isPendingDeletion {
            inserted.append(object)
            object.packStorableValues(into: &values)
            live.packToOneIDs(of: object, into: &toOneIDs)
        }
        (self.inserted, insertedValues, insertedToOneIDs, self.live) = (inserted, values.finish(), toOneIDs.finish(), live)

        var updated: [ManagedObject] = []
        updated.reserveCapacity(changedSet.objects.count)
        values.reserveRuns(changedSet.objects.count)
        for object in changedSet.objects where !object.isPendingDeletion && object.lifecycle == .persisted {
            updated.append(object)
            object.packStorableValues(into: &values)
        }
        (self.updated, updatedValues) = (updated, values.finish())
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
            switch object.relationshipState(at: index) {
            case .toOneFault(let destination): packer.append(id(destination))
            case .toOne(let destination): packer.append(destination.flatMap(id(of:)))
            case .committedToOneFault, .toManyFault, .toMany: packer.append(nil)
            }
        }
        packer.endRun()
    }
}
