/// Where a ``CachingStore`` answers fetches, counts and relationship faults from.
///
/// ```swift
/// await store.setPolicy(.cacheThenNetwork, for: "Issue")
/// ```
public enum CachePolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Ask the server; when it cannot be reached (no connection, timeout, 5xx, 429), answer from the cache.
    /// Data younger than ``CachingStore/Configuration/maximumAge`` answers without asking.
    case networkFirst
    /// Answer from the cache at once and, when the cached data is stale, refresh it from the server in the
    /// background; refreshed objects reach contexts and live results through ``CachingStore/changes()``.
    case cacheThenNetwork
    /// Answer from the cache only; never ask the server.
    case cacheOnly
}
