/// The committed to-one destination IDs of a batch of decoded objects (``DecodedObjects``), handed out
/// as one ``SharedSlice`` per object in the objects' order.
///
/// Every object of an entity has one ID per to-one relationship of its entity
/// (``EntityDescription/toOneRelationshipIndices``), so the IDs are packed back to back without
/// recording where each object's run starts, into arrays of ``objectsPerArray`` objects each: a batch
/// allocates a few arrays, and one object kept alone keeps little memory alive. Reading them back
/// needs the same objects in the same order:
///
/// ```swift
/// var packer = DecodedToOneIDs.Packer()
/// for object in objects { for id in ids(of: object) { packer.append(id) }; packer.endObject() }
/// var toOneIDs = packer.finish()
/// for object in objects { object.committedToOneIDs = toOneIDs.next(for: object) }
/// ```
struct DecodedToOneIDs {
    /// Objects per packed array.
    static let objectsPerArray = 256

    /// Packs the IDs of one object after another.
    struct Packer {
        private var arrays: [[AnyObjectID?]] = []
        private var current: [AnyObjectID?] = []
        private var objectsInCurrent = 0
        /// The size of the last full array, reserved when the next one starts.
        private var lastArraySize = 0

        /// Adds the ID of the current object's next to-one.
        mutating func append(_ id: AnyObjectID?) {
            if current.isEmpty && lastArraySize > 0 { current.reserveCapacity(lastArraySize) }
            current.append(id)
        }

        /// Ends the current object's IDs (possibly none).
        mutating func endObject() {
            objectsInCurrent += 1
            guard objectsInCurrent == DecodedToOneIDs.objectsPerArray else { return }
            lastArraySize = current.count
            arrays.append(current)
            current = []
            objectsInCurrent = 0
        }

        /// Every object's IDs; the packer starts over.
        mutating func finish() -> DecodedToOneIDs {
            if objectsInCurrent > 0 { arrays.append(current) }
            defer { self = Packer() }
            return DecodedToOneIDs(arrays: arrays)
        }
    }

    private let arrays: [[AnyObjectID?]]
    private var arrayIndex = -1
    private var offset = 0
    private var objectsLeftInArray = 0

    private init(arrays: [[AnyObjectID?]]) {
        self.arrays = arrays
    }

    /// The IDs of the next object, `object` (one per to-one relationship of its entity).
    mutating func next(for object: ManagedObject) -> SharedSlice<AnyObjectID?> {
        if objectsLeftInArray == 0 {
            arrayIndex += 1
            offset = 0
            objectsLeftInArray = DecodedToOneIDs.objectsPerArray
        }
        let count = object.entity.toOneRelationshipIndices.count
        defer {
            offset += count
            objectsLeftInArray -= 1
        }
        return SharedSlice(arrays[arrayIndex], range: offset..<offset + count)
    }
}
