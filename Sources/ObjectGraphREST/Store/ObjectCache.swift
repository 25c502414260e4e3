import ObjectGraph

/// The store's merged state of one object, as read from responses.
struct CachedObject: Sendable, Hashable {
    var entityName: String
    var values: [AttributeValue]
    var toOneIDs: [AnyObjectID?]

    /// A new object of `entity` with default values and empty to-ones.
    init(entity: EntityDescription) {
        entityName = entity.name
        values = entity.attributes.map { $0.isTransient ? .null : ($0.defaultValue ?? .null) }
        toOneIDs = Array(repeating: nil, count: entity.toOneRelationshipIndices.count)
    }

    init(_ snapshot: Snapshot) {
        entityName = snapshot.entityName
        values = Array(snapshot.values)
        toOneIDs = Array(snapshot.toOneIDs)
    }

    func snapshot(id: AnyObjectID) -> Snapshot {
        Snapshot(id: id, entityName: entityName, values: values, toOneIDs: toOneIDs)
    }
}

/// The relationship of one object whose destinations a response listed.
struct RelationKey: Sendable, Hashable {
    let owner: AnyObjectID
    let relationship: String
}

/// Everything the store learned from responses: objects by ID and relationship lists, so faulting an
/// object or a relationship a response already described makes no request.
struct ObjectCache: Sendable {
    var objects: [AnyObjectID: CachedObject] = [:]
    var related: [RelationKey: [AnyObjectID]] = [:]

    /// Makes `owner` the destination of the to-one inverse of `relationship` on `member`, when the model
    /// declares one: the server listed `member` under `owner`.
    mutating func link(_ member: AnyObjectID, toOwner owner: AnyObjectID, through relationship: MappedRelationship,
                       in model: ModelDescription) {
        guard let inverse = relationship.inverseIndex, let cached = objects[member],
              let entity = model.entity(named: cached.entityName),
              let slot = entity.toOneSlot(forRelationshipAt: inverse) else { return }
        objects[member]?.toOneIDs[slot] = owner
    }

    /// Applies what changed between `original` and `updated` (copies taken around a save that awaited
    /// the server), keeping what other calls cached meanwhile.
    mutating func apply(changesFrom original: ObjectCache, to updated: ObjectCache) {
        for (id, object) in updated.objects where original.objects[id] != object { objects[id] = object }
        for id in original.objects.keys where updated.objects[id] == nil { objects[id] = nil }
        for (key, members) in updated.related where original.related[key] != members { related[key] = members }
        for key in original.related.keys where updated.related[key] == nil { related[key] = nil }
    }
}
