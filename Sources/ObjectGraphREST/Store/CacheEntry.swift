import ObjectGraph

/// What a save writes in the store's object cache, as ``WritesDuringReads`` remembers it: an object, or
/// the list of one object's to-many.
enum CacheEntry: Hashable {
    /// The object's values and to-ones.
    case object(AnyObjectID)
    /// The members of a relationship of one object.
    case list(RelationKey)
}
