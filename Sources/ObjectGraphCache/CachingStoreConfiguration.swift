extension CachingStore {
    /// How a ``CachingStore`` chooses between cache and server, how long cached data stays fresh, and how
    /// much it keeps.
    ///
    /// ```swift
    /// var configuration = CachingStore.Configuration()
    /// configuration.policy = .networkFirst
    /// configuration.entityPolicies["Label"] = .cacheThenNetwork
    /// configuration.maximumAge = .seconds(300)
    /// configuration.maximumObjects = 50_000
    /// ```
    public struct Configuration: Sendable, Hashable {
        /// The policy of every entity without its own (``CachePolicy/networkFirst`` by default).
        public var policy: CachePolicy
        /// Policies by entity name; an entity without one uses its nearest ancestor's, then ``policy``.
        public var entityPolicies: [String: CachePolicy]
        /// How long fetched data counts as fresh: a fetch or fault whose answer the cache got from the
        /// server less than this long ago answers from the cache under every policy. Zero (the default):
        /// cached data is always stale, so ``CachePolicy/networkFirst`` always asks the server and
        /// ``CachePolicy/cacheThenNetwork`` always refreshes.
        public var maximumAge: Duration
        /// The most objects the cache keeps; beyond it, the least recently used objects that no other
        /// cached object's to-one points at are evicted.
        public var maximumObjects: Int
        /// The first wait before the outbox tries again after the server could not be reached (no
        /// connection, timeout, 5xx, 429); it doubles up to ``maximumReplayDelay``, with jitter (each wait
        /// is between half and all of it).
        public var initialReplayDelay: Duration
        /// The longest wait between two replay attempts.
        public var maximumReplayDelay: Duration

        /// Creates a configuration.
        public init(
            policy: CachePolicy = .networkFirst,
            entityPolicies: [String: CachePolicy] = [:],
            maximumAge: Duration = .zero,
            maximumObjects: Int = 100_000,
            initialReplayDelay: Duration = .milliseconds(500),
            maximumReplayDelay: Duration = .seconds(60)
        ) {
            self.policy = policy
            self.entityPolicies = entityPolicies
            self.maximumAge = maximumAge
            self.maximumObjects = maximumObjects
            self.initialReplayDelay = initialReplayDelay
            self.maximumReplayDelay = maximumReplayDelay
        }
    }
}
