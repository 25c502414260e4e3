import ObjectGraph

/// Cached objects by ID, as URL placeholders and the response decoder read them: the store's objects
/// (``ObjectCache``, or its dictionary) or an operation's view of them (``CacheOverlay``).
protocol CachedObjectLookup {
    /// The cached object `id`, if any.
    subscript(_ id: AnyObjectID) -> CachedObject? { get }
}

extension Dictionary: CachedObjectLookup where Key == AnyObjectID, Value == CachedObject {}
