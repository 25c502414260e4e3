/// The registered objects of a context with permanent IDs, one per ID, held without retaining them.
///
/// The map does not keep objects alive: the context holds objects with pending changes strongly (its
/// inserted, changed and deleted lists), and everything else lives as long as someone else holds it (the
/// caller, or another object's loaded relationship). A registered object leaves the map in its `deinit`
/// (``ManagedObject``), so uniquing holds for every object anyone holds, and a context that reads without
/// end stays as large as what its caller keeps. References are unretained (`Unmanaged`), not weak: a weak
/// reference would give every loaded object a side table (one more allocation per object), and the
/// `deinit` hook already guarantees that no entry outlives its object. The map's own mutations never
/// release an object, so no `deinit` can run inside one.
///
/// Objects a save just gave new permanent IDs cannot already be registered, nor can the objects of a
/// fetch into an empty map, so ``appendNew(_:)`` lists them without hashing; they are indexed by the
/// first lookup. A context that only imports, or only reads one result, never pays for an index it does
/// not use, and one that goes on working pays for it once.
struct IdentityMap {
    /// An unretained reference to a registered object, valid until the object's `deinit` removes it.
    private struct Entry {
        let reference: Unmanaged<ManagedObject>

        init(_ object: ManagedObject) { reference = .passUnretained(object) }

        var object: ManagedObject { reference.takeUnretainedValue() }
    }

    private var index: [AnyObjectID: Entry] = [:]
    /// Objects whose IDs are not in `index` yet, none of which is there under its ID.
    private var unindexed: [Entry] = []

    /// The number of registered objects.
    var count: Int { index.count + unindexed.count }

    /// Whether no object is registered.
    var isEmpty: Bool { index.isEmpty && unindexed.isEmpty }

    /// Every registered object, in no particular order (retained by the returned array).
    var objects: [ManagedObject] { index.values.map(\.object) + unindexed.map(\.object) }

    /// The object registered under `id`.
    subscript(id: AnyObjectID) -> ManagedObject? {
        mutating get {
            indexPending()
            return index[id]?.object
        }
        set {
            indexPending()
            index[id] = newValue.map { Entry($0) }
        }
    }

    /// The object registered under `id`, or the one `make` returns, registered under `id`; `created`
    /// tells which. Hashes `id` once either way. The caller must keep a created object alive.
    mutating func object(for id: AnyObjectID, orRegister make: () -> ManagedObject) -> (object: ManagedObject, created: Bool) {
        indexPending()
        // Holds the new object while the dictionary is being changed: the entry does not retain it.
        var created: ManagedObject?
        let entry = Self.value(&index[id, default: {
            let object = make()
            created = object
            return Entry(object)
        }()])
        if let created { return (created, true) }
        return (entry.object, false)
    }

    /// Registers `object`, whose ID the caller knows no registered object has.
    mutating func appendNew(_ object: ManagedObject) {
        unindexed.append(Entry(object))
    }

    /// Makes room for `count` more objects registered by ``object(for:orRegister:)``.
    mutating func reserveCapacity(forRegistering count: Int) {
        indexPending()
        index.reserveCapacity(index.count + count)
    }

    /// Makes room for `count` more objects registered by ``appendNew(_:)``.
    mutating func reserveCapacity(forAppending count: Int) {
        unindexed.reserveCapacity(forAdding: count)
    }

    /// Removes the object `identity` registered under `id`, which is being deinitialized (a different
    /// object registered under the same ID after a reset stays).
    mutating func forget(_ id: AnyObjectID, identity: UnsafeMutableRawPointer) {
        indexPending()
        // One hash of `id` for both the check and the removal: every registered object pays it on deinit.
        if let position = index.index(forKey: id), index[position].value.reference.toOpaque() == identity {
            index.remove(at: position)
        }
    }

    /// Forgets every object.
    mutating func removeAll() {
        index = [:]
        unindexed = []
    }

    private mutating func indexPending() {
        guard !unindexed.isEmpty else { return }
        index.reserveCapacity(index.count + unindexed.count)
        for entry in unindexed { index[entry.reference._withUnsafeGuaranteedRef(\.objectID)] = entry }
        unindexed = []
    }

    /// Reads a dictionary slot through its in-place (`_modify`) accessor, so that
    /// `index[id, default: make()]` inserts a missing object without hashing `id` twice.
    private static func value(_ slot: inout Entry) -> Entry {
        slot
    }
}
