/// How many objects a ``RESTStore`` keeps from responses, and for how long they answer faults without
/// a request.
///
/// The store caches every object and relationship list a response described, so faulting them again
/// costs nothing. The cache holds at most ``maximumObjects`` objects (beyond that, the least recently
/// described ones are dropped, with the lists they own), and an entry older than ``maximumAge`` is
/// loaded again the next time a fault needs it. Fetches always ask the server.
///
/// ```swift
/// var configuration = RESTStore.Configuration()
/// configuration.objectCache = RESTObjectCachePolicy(maximumObjects: 10_000, maximumAge: .seconds(60))
/// ```
public struct RESTObjectCachePolicy: Sendable, Hashable {
    /// The most objects kept (at least 1).
    public var maximumObjects: Int
    /// How long an object or list answers faults after a response described it; `nil`: until dropped.
    public var maximumAge: Duration?

    /// Creates a policy.
    public init(maximumObjects: Int = 50_000, maximumAge: Duration? = .seconds(600)) {
        self.maximumObjects = max(1, maximumObjects)
        self.maximumAge = maximumAge
    }
}
