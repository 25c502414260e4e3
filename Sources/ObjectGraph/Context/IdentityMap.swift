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
/// IDs with integer keys (every SQL store's) live in ``IntegerKeyedObjects``, hashed by a multiplication
/// of the key and removed through tombstones: registering an object costs a few dozen instructions and
/// removing one in its `deinit` about as much, where a `Dictionary` hashed the whole ID with `Hasher` and
/// rehashed the entries a removal shifted. Other keys (strings, and temporary keys) keep a `Dictionary`.
/// Every object is registered under its own ``ManagedObject/objectID``.
///
/// Objects a save just gave new permanent IDs cannot already be registered, nor can the objects of a
/// fetch into an empty map, so ``appendNew(_:)`` lists them without hashing; they are indexed by the
/// first lookup or removal. A context that only imports, or only reads one result and goes away before
/// its objects, never pays for an index it does not use.
struct IdentityMap {
    /// An unretained reference to a registered object, valid until the object's `deinit` removes it.
    private struct Entry {
        let reference: Unmanaged<ManagedObject>

        init(_ object: ManagedObject) { reference = .passUnretained(object) }

        var object: ManagedObject { reference.takeUnretainedValue() }
    }

    private var integerKeyed = IntegerKeyedObjects()
    private var otherKeyed: [AnyObjectID: Entry] = [:]
    /// Objects whose IDs are not indexed yet, none of which is indexed under its ID.
    private var unindexed: [Entry] = []

    /// The number of registered objects.
    var count: Int { integerKeyed.count + otherKeyed.count + unindexed.count }

    /// Whether no object is registered.
    var isEmpty: Bool { count == 0 }

    /// Every registered object, in no particular order (retained by the returned array).
    var objects: [ManagedObject] { integerKeyed.objects + otherKeyed.values.map(\.object) + unindexed.map(\.object) }

    /// The registered objects for which `isIncluded` is true, in no particular order (retained by the
    /// returned array); the others are read in place, never retained.
    func objects(where isIncluded: (ManagedObject) -> Bool) -> [ManagedObject] {
        let included = { (entry: Entry) in entry.reference._withUnsafeGuaranteedRef(isIncluded) ? entry.object : nil }
        return integerKeyed.objects(where: isIncluded) + otherKeyed.values.compactMap(included) + unindexed.compactMap(included)
    }

    /// The object registered under `id`; setting `nil` removes it, setting an object registers it, which
    /// must have `id` as its ID.
    subscript(id: AnyObjectID) -> ManagedObject? {
        mutating get {
            indexPending()
            if case .integer(let key) = id.key { return integerKeyed.object(forKey: key, entityName: id.entityName) }
            return otherKeyed[id]?.object
        }
        set {
            indexPending()
            guard let newValue else {
                if case .integer(let key) = id.key {
                    integerKeyed.removeObject(forKey: key, entityName: id.entityName)
                } else {
                    otherKeyed[id] = nil
                }
                return
            }
            precondition(newValue.objectID == id, "\(newValue.objectID) registered under \(id)")
            self[id] = nil
            index(Entry(newValue))
        }
    }

    /// The object registered under `id`, or the one `make` returns, registered under `id`; `created`
    /// tells which. The caller must keep a created object alive and give it `id` before the map is used
    /// again.
    mutating func object(for id: AnyObjectID, orRegister make: () -> ManagedObject) -> (object: ManagedObject, created: Bool) {
        if case .integer(let key) = id.key {
            return object(forKey: key, entityName: id.entityName, orRegister: make)
        }
        indexPending()
        return otherKeyedObject(for: id, orRegister: make)
    }

    /// ``object(for:orRegister:)`` for an ID with the integer `key` in the hierarchy rooted at
    /// `entityName`: a caller that reads the ID in place passes its parts, where passing the whole ID to
    /// this mutating method would copy it (about 100 instructions, its key through its value witness).
    mutating func object(
        forKey key: Int64, entityName: String, orRegister make: () -> ManagedObject
    ) -> (object: ManagedObject, created: Bool) {
        indexPending()
        return integerKeyed.object(forKey: key, entityName: entityName, orRegister: make)
    }

    /// The object registered under `id`, looked up without indexing anything: for runs of lookups after
    /// ``indexPending()``, which read their IDs in place where the mutating subscript copies each one. An
    /// object not indexed yet is found too, by a linear search.
    func indexedObject(for id: AnyObjectID) -> ManagedObject? {
        let found = if case .integer(let key) = id.key {
            integerKeyed.object(forKey: key, entityName: id.entityName)
        } else {
            otherKeyed[id]?.object
        }
        if found != nil || unindexed.isEmpty { return found }
        return unindexed.first { $0.reference._withUnsafeGuaranteedRef { $0.objectID == id } }?.object
    }

    /// ``object(for:orRegister:)`` for an ID whose key is not an integer.
    @inline(never)
    private mutating func otherKeyedObject(
        for id: AnyObjectID, orRegister make: () -> ManagedObject
    ) -> (object: ManagedObject, created: Bool) {
        // Holds the new object while the dictionary is being changed: the entry does not retain it.
        var created: ManagedObject?
        let entry = Self.value(&otherKeyed[id, default: {
            let object = make()
            created = object
            return Entry(object)
        }()])
        if let created { return (created, true) }
        return (entry.object, false)
    }

    /// Registers `object` under its ID, which the caller knows no registered object has.
    mutating func appendNew(_ object: ManagedObject) {
        unindexed.append(Entry(object))
    }

    /// Makes room for `count` more objects registered by ``object(for:orRegister:)``.
    mutating func reserveCapacity(forRegistering count: Int) {
        indexPending()
        integerKeyed.reserveCapacity(integerKeyed.count + count)
    }

    /// Makes room for `count` more objects registered by ``appendNew(_:)``.
    mutating func reserveCapacity(forAppending count: Int) {
        unindexed.reserveCapacity(forAdding: count)
    }

    /// Removes the object `identity` registered under `id`, which is being deinitialized (a different
    /// object registered under the same ID after a reset stays).
    mutating func forget(_ id: AnyObjectID, identity: UnsafeMutableRawPointer) {
        if case .integer(let key) = id.key { return forget(integerKey: key, identity: identity) }
        indexPending()
        if let position = otherKeyed.index(forKey: id), otherKeyed[position].value.reference.toOpaque() == identity {
            otherKeyed.remove(at: position)
        }
    }

    /// ``forget(_:identity:)`` for an object whose ID has the integer `key`, which a `deinit` reads in
    /// place instead of copying the whole ID.
    mutating func forget(integerKey key: Int64, identity: UnsafeMutableRawPointer) {
        indexPending()
        integerKeyed.remove(identity, key: key)
    }

    /// Forgets every object.
    mutating func removeAll() {
        integerKeyed.removeAll()
        otherKeyed = [:]
        unindexed = []
    }

    /// Indexes the objects ``appendNew(_:)`` listed (before a run of ``indexedObject(for:)`` lookups).
    mutating func indexPending() {
        guard !unindexed.isEmpty else { return }
        integerKeyed.reserveCapacity(integerKeyed.count + unindexed.count)
        for entry in unindexed { index(entry) }
        unindexed = []
    }

    /// Indexes `entry`, whose ID no indexed object has. An integer key is read in place: a key path to
    /// the ID cost a dynamic exclusivity check and a copy of the ID per object.
    private mutating func index(_ entry: Entry) {
        let integerKey: Int64? = entry.reference._withUnsafeGuaranteedRef { object in
            if case .integer(let key) = object.objectID.key { return key }
            return nil
        }
        if let integerKey {
            integerKeyed.insertNew(entry.object, key: integerKey)
        } else {
            otherKeyed[entry.object.objectID] = entry
        }
    }

    /// Reads a dictionary slot through its in-place (`_modify`) accessor, so that
    /// `index[id, default: make()]` inserts a missing object without hashing `id` twice.
    private static func value(_ slot: inout Entry) -> Entry {
        slot
    }
}
