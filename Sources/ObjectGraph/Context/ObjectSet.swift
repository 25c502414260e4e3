/// Objects in the order they were added, each at most once. Callers add an object only when a flag on
/// it says it is not listed yet (inserted: its lifecycle leaves `.detached`; changed: `isTouched`;
/// deleted: `isPendingDeletion`), so no membership set is kept.
struct ObjectSet {
    private(set) var objects: [ManagedObject] = []

    var isEmpty: Bool { objects.isEmpty }

    /// Adds `object`, which the caller knows is not listed.
    mutating func append(_ object: ManagedObject) {
        objects.append(object)
    }

    mutating func remove(_ object: ManagedObject) {
        objects.removeAll { $0 === object }
    }

    /// Keeps only the objects for which `isListed` is true.
    mutating func keep(where isListed: (ManagedObject) -> Bool) {
        objects.removeAll { !isListed($0) }
    }

    mutating func removeAll() {
        objects.removeAll()
    }

    /// These objects, then those of `other` that are not listed here and for which `isIncluded` is true.
    func adding(_ other: ObjectSet, where isIncluded: (ManagedObject) -> Bool) -> ObjectSet {
        let listed = Set(objects.map(ObjectIdentifier.init))
        var result = self
        for object in other.objects where !listed.contains(ObjectIdentifier(object)) && isIncluded(object) {
            result.append(object)
        }
        return result
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
