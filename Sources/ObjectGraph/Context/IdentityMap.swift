/// The registered objects of a context with permanent IDs, one per ID.
///
/// Objects a save just gave new permanent IDs cannot already be registered, nor can the objects of a
/// fetch into an empty map, so ``appendNew(_:)`` lists them without hashing; they are indexed by the
/// first lookup. A context that only imports, or only reads one result, never pays for an index it does
/// not use, and one that goes on working pays for it once.
struct IdentityMap {
    private var index: [AnyObjectID: ManagedObject] = [:]
    /// Objects whose IDs are not in `index` yet, none of which is there under its ID.
    private var unindexed: [ManagedObject] = []

    /// The number of registered objects.
    var count: Int { index.count + unindexed.count }

    /// Whether no object is registered.
    var isEmpty: Bool { index.isEmpty && unindexed.isEmpty }

    /// Every registered object, in no particular order.
    var objects: [ManagedObject] { Array(index.values) + unindexed }

    /// The object registered under `id`.
    subscript(id: AnyObjectID) -> ManagedObject? {
        mutating get {
            indexPending()
            return index[id]
        }
        set {
            indexPending()
            index[id] = newValue
        }
    }

    /// The object registered under `id`, or the one `make` returns, registered under `id`; `created`
    /// tells which. Hashes `id` once either way.
    mutating func object(for id: AnyObjectID, orRegister make: () -> ManagedObject) -> (object: ManagedObject, created: Bool) {
        indexPending()
        var created = false
        let object = Self.value(&index[id, default: {
            created = true
            return make()
        }()])
        return (object, created)
    }

    /// Registers `object`, whose ID the caller knows no registered object has.
    mutating func appendNew(_ object: ManagedObject) {
        unindexed.append(object)
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

    /// Forgets every object.
    mutating func removeAll() {
        index = [:]
        unindexed = []
    }

    private mutating func indexPending() {
        guard !unindexed.isEmpty else { return }
        index.reserveCapacity(index.count + unindexed.count)
        for object in unindexed { index[object.objectID] = object }
        unindexed = []
    }

    /// Reads a dictionary slot through its in-place (`_modify`) accessor, so that
    /// `index[id, default: make()]` inserts a missing object without hashing `id` twice.
    private static func value(_ slot: inout ManagedObject) -> ManagedObject {
        slot
    }
}
