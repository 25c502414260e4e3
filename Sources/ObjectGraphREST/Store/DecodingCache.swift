import ObjectGraph

/// Cached objects by ID, as URL placeholders and the response decoder read them: the store's objects
/// (``ObjectCache``, or its dictionary) or a save's view of them (``SaveCache``).
protocol CachedObjectLookup {
    /// The cached object `id`, if any.
    subscript(_ id: AnyObjectID) -> CachedObject? { get }
}

extension Dictionary: CachedObjectLookup where Key == AnyObjectID, Value == CachedObject {}

/// What ``ResponseDecoder`` writes the objects and lists of responses into: a copy of the store's
/// ``ObjectCache`` for a read, a ``SaveCache`` for a save.
protocol DecodingCache: CachedObjectLookup {
    /// Stores `object` as a response described it now.
    mutating func describe(_ object: CachedObject, id: AnyObjectID)
    /// Stores `members` as a response (or a save the server accepted) listed them now.
    mutating func list(_ members: [AnyObjectID], for key: RelationKey)
    /// Sets the to-one at `slot` of the cached object `id` (nothing when it is not cached).
    mutating func setToOne(at slot: Int, of id: AnyObjectID, to destination: AnyObjectID?)
}

extension DecodingCache {
    /// Makes `owner` the destination of the to-one inverse of `relationship` on `member`, when the model
    /// declares one: the server listed `member` under `owner`.
    mutating func link(_ member: AnyObjectID, toOwner owner: AnyObjectID, through relationship: MappedRelationship,
                       in model: ModelDescription) {
        guard let inverse = relationship.inverseIndex, let cached = self[member],
              let entity = model.entity(named: cached.entityName),
              let slot = entity.toOneSlot(forRelationshipAt: inverse) else { return }
        setToOne(at: slot, of: member, to: owner)
    }
}
