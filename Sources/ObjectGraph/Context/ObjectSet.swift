/// Objects by identity, in the order they were added.
struct ObjectSet {
    private(set) var objects: [ManagedObject] = []
    private var members: Set<ObjectIdentifier> = []

    var isEmpty: Bool { objects.isEmpty }

    func contains(_ object: ManagedObject) -> Bool {
        members.contains(ObjectIdentifier(object))
    }

    mutating func insert(_ object: ManagedObject) {
        if members.insert(ObjectIdentifier(object)).inserted { objects.append(object) }
    }

    mutating func remove(_ object: ManagedObject) {
        if members.remove(ObjectIdentifier(object)) != nil { objects.removeAll { $0 === object } }
    }

    mutating func removeAll() {
        objects.removeAll()
        members.removeAll()
    }
}

/// One relationship of one object known only by ID: the key of changes made to a relationship side that
/// is not loaded (an unloaded to-many, or a to-one of an object that is not registered). Such changes
/// apply when the side loads and become part of the change set.
struct PendingKey: Hashable {
    let owner: AnyObjectID
    /// The topmost entity that has the relationship (the owner's entity or an ancestor).
    let entityName: String
    let relationshipIndex: Int
}

/// Added and removed members of an unloaded to-many.
struct PendingToMany {
    var added: [ManagedObject] = []
    var removed: [AnyObjectID] = []

    mutating func add(_ object: ManagedObject) {
        removed.removeAll { $0 == object.objectID }
        if !added.contains(where: { $0 === object }) { added.append(object) }
    }

    mutating func remove(_ id: AnyObjectID) {
        added.removeAll { $0.objectID == id }
        if !removed.contains(id) { removed.append(id) }
    }

    func applied(to members: [ManagedObject]) -> [ManagedObject] {
        var result = members.filter { !removed.contains($0.objectID) }
        for object in added where !result.contains(where: { $0 === object }) { result.append(object) }
        return result
    }
}
