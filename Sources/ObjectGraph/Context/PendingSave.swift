/// The objects one save writes, each with its stored values read once: validation, the change set
/// and the committed state after the save all use the same values, packed a batch of objects to an
/// array (``SlicePacker``).
struct PendingSave {
    /// Inserted objects that are not deleted again, in insertion order.
    let inserted: [ManagedObject]
    /// The stored values of each of ``inserted``.
    let insertedValues: [SharedSlice<AttributeValue>]
    /// Persisted, changed objects that are not being deleted.
    let updated: [ManagedObject]
    /// The stored values of each of ``updated``.
    let updatedValues: [SharedSlice<AttributeValue>]

    init(inserted insertedSet: ObjectSet, changed changedSet: ObjectSet) {
        (inserted, insertedValues) = Self.objectsAndValues(insertedSet.objects) { !$0.isPendingDeletion }
        (updated, updatedValues) = Self.objectsAndValues(changedSet.objects) { !$0.isPendingDeletion && $0.lifecycle == .persisted }
    }

    /// The objects passing `isIncluded` and their stored values, in one pass over `objects` (each pass
    /// over many objects costs a cache miss per object).
    private static func objectsAndValues(
        _ objects: [ManagedObject], where isIncluded: (ManagedObject) -> Bool
    ) -> ([ManagedObject], [SharedSlice<AttributeValue>]) {
        var included: [ManagedObject] = []
        var packer = SlicePacker<AttributeValue>()
        included.reserveCapacity(objects.count)
        for object in objects where isIncluded(object) {
            included.append(object)
            object.packStorableValues(into: &packer)
        }
        return (included, packer.finish())
    }
}

/// Which object IDs a change set may mention: permanent IDs, and temporary IDs of objects the save
/// inserts (an inserted object deleted again leaves no trace in the store).
final class LiveIDs {
    private let inserted: [ManagedObject]
    /// Built on first use: only references known by ID alone (faults, unloaded sides) need it.
    private lazy var temporaryIDs = Set(inserted.map(\.objectID))

    init(inserted: [ManagedObject]) {
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
            case .toManyFault, .toMany: packer.append(nil)
            }
        }
        packer.endRun()
    }
}
