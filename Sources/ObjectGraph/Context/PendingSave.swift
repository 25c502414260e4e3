/// The objects one save writes. Inserted objects have their stored values read once, packed a batch of
/// objects to an array (``SlicePacker``): validation and the change set's snapshots use the same values.
/// Updated objects have none read here: validation and the change set read only the attributes they
/// check and the changed ones from the objects, one after the other with no suspension between, so
/// both see the same values, and a change set of one changed attribute packs no copy of the others.
struct PendingSave {
    /// Inserted objects that are not deleted again, in insertion order.
    let inserted: [ManagedObject]
    /// The stored values of each of ``inserted``.
    let insertedValues: [SharedSlice<AttributeValue>]
    /// The live to-one destinations of each of ``inserted`` (see ``LiveIDs``).
    let insertedToOneIDs: [SharedSlice<AnyObjectID?>]
    /// Persisted, changed objects that are not being deleted.
    let updated: [ManagedObject]
    /// Which IDs the change set may mention.
    let live: LiveIDs

    /// Reads the inserted objects in one pass (each pass over many objects costs a cache miss per
    /// object) and lists the updated ones.
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

        updated = changedSet.objects.filter { !$0.isPendingDeletion && $0.lifecycle == .persisted }
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
