/// Unretained objects whose IDs have integer keys, in an open-addressing hash table over the key
/// alone (a multiplication, no `Hasher`), with tombstones so that a removal moves nothing.
///
/// A slot keeps its object's key next to the reference, so a probe reads the object only when the keys
/// are equal, to tell apart objects of different entities with the same key (`Item/5`, `Owner/5`).
/// Removing an object compares references and reads no object at all, so it stays cheap in `deinit`.
/// Each object must be registered under its own ``ManagedObject/objectID`` and be set that ID before
/// the table is next used.
struct IntegerKeyedObjects {
    private struct Slot {
        var key: Int64
        /// The object's address; ``IntegerKeyedObjects/unused`` for a slot never used,
        /// ``IntegerKeyedObjects/tombstone`` for a removed object.
        var reference: UInt

        static let empty = Slot(key: 0, reference: unused)
    }

    /// Marks a slot never used: probes stop at it.
    private static let unused: UInt = 0
    /// Marks a slot whose object was removed: probes go on past it, inserts may reuse it.
    private static let tombstone: UInt = 1

    private var slots: [Slot] = []
    /// The bits of a key's product that pick its first slot: 64 minus log2 of the capacity.
    private var shift = 64
    private var tombstones = 0

    /// The number of objects.
    private(set) var count = 0

    /// Every object, in no particular order (retained by the returned array).
    var objects: [ManagedObject] {
        slots.compactMap { slot in
            slot.reference > Self.tombstone ? Self.object(at: slot.reference) : nil
        }
    }

    /// The objects for which `isIncluded` is true, in no particular order (retained by the returned
    /// array); the others are read in place, never retained.
    func objects(where isIncluded: (ManagedObject) -> Bool) -> [ManagedObject] {
        slots.compactMap { slot in
            guard slot.reference > Self.tombstone, Self.unmanaged(at: slot.reference)._withUnsafeGuaranteedRef(isIncluded) else {
                return nil
            }
            return Self.object(at: slot.reference)
        }
    }

    /// The object registered under `key` in the hierarchy rooted at `entityName`.
    func object(forKey key: Int64, entityName: String) -> ManagedObject? {
        guard count > 0 else { return nil }
        var position = firstPosition(of: key)
        while case let reference = slots[position].reference, reference != Self.unused {
            if slots[position].key == key, reference != Self.tombstone, Self.object(reference, isOf: entityName) {
                return Self.object(at: reference)
            }
            position = (position + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The object registered under `key` and `entityName`, or the one `make` returns, registered;
    /// `created` tells which. The caller must keep a created object alive and set its ID.
    mutating func object(
        forKey key: Int64, entityName: String, orRegister make: () -> ManagedObject
    ) -> (object: ManagedObject, created: Bool) {
        reserveCapacity(count + 1)
        var position = firstPosition(of: key)
        var reusable: Int?
        while case let reference = slots[position].reference, reference != Self.unused {
            if reference == Self.tombstone {
                if reusable == nil { reusable = position }
            } else if slots[position].key == key, Self.object(reference, isOf: entityName) {
                return (Self.object(at: reference), false)
            }
            position = (position + 1) & (slots.count - 1)
        }
        let object = make()
        occupy(reusable ?? position, key: key, object: object)
        return (object, true)
    }

    /// Registers `object` under `key`, knowing no object is registered under its ID.
    mutating func insertNew(_ object: ManagedObject, key: Int64) {
        reserveCapacity(count + 1)
        var position = firstPosition(of: key)
        while slots[position].reference > Self.tombstone {
            position = (position + 1) & (slots.count - 1)
        }
        occupy(position, key: key, object: object)
    }

    /// Removes the object registered under `key` and `entityName`, if any.
    mutating func removeObject(forKey key: Int64, entityName: String) {
        guard count > 0 else { return }
        var position = firstPosition(of: key)
        while case let reference = slots[position].reference, reference != Self.unused {
            if slots[position].key == key, reference != Self.tombstone, Self.object(reference, isOf: entityName) {
                vacate(position)
                return
            }
            position = (position + 1) & (slots.count - 1)
        }
    }

    /// Removes `identity` if it is registered under `key`; reads no object.
    mutating func remove(_ identity: UnsafeMutableRawPointer, key: Int64) {
        guard count > 0 else { return }
        let address = UInt(bitPattern: identity)
        var position = firstPosition(of: key)
        while case let reference = slots[position].reference, reference != Self.unused {
            if reference == address {
                vacate(position)
                return
            }
            position = (position + 1) & (slots.count - 1)
        }
    }

    /// Makes room for `total` objects without growing, keeping at most three quarters of the slots used
    /// (tombstones included); rebuilds the table without tombstones when they fill it.
    mutating func reserveCapacity(_ total: Int) {
        guard (total + tombstones) * 4 > slots.count * 3 else { return }
        var capacity = Swift.max(16, slots.count)
        while total * 2 > capacity { capacity *= 2 }
        rebuild(capacity: capacity)
    }

    /// Forgets every object.
    mutating func removeAll() {
        self = IntegerKeyedObjects()
    }

    private func firstPosition(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private mutating func occupy(_ position: Int, key: Int64, object: ManagedObject) {
        if slots[position].reference == Self.tombstone { tombstones -= 1 }
        slots[position] = Slot(key: key, reference: UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()))
        count += 1
    }

    private mutating func vacate(_ position: Int) {
        slots[position].reference = Self.tombstone
        tombstones += 1
        count -= 1
    }

    private mutating func rebuild(capacity: Int) {
        let old = slots
        slots = Array(repeating: .empty, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        tombstones = 0
        for slot in old {
            guard slot.reference > Self.tombstone else { continue }
            var position = firstPosition(of: slot.key)
            while slots[position].reference != Self.unused { position = (position + 1) & (capacity - 1) }
            slots[position] = slot
        }
    }

    /// The live object at `address`.
    private static func object(at address: UInt) -> ManagedObject {
        unmanaged(at: address).takeUnretainedValue()
    }

    /// Whether the live object at `address` is in the hierarchy rooted at `entityName`.
    private static func object(_ address: UInt, isOf entityName: String) -> Bool {
        unmanaged(at: address)._withUnsafeGuaranteedRef { $0.objectID.entityName == entityName }
    }

    private static func unmanaged(at address: UInt) -> Unmanaged<ManagedObject> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }
}
