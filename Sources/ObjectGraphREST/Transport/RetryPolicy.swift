/// When the REST store sends a request again: for idempotent methods only (`GET`, `PUT`, `DELETE`;
/// RFC 9110 §9.2.2), after a timeout, a dropped connection or a status in ``retriedStatuses``, waiting
/// an exponentially growing, jittered delay, or the server's `Retry-After` when that is longer.
///
/// `PATCH` is never repeated, nor is `POST` unless ``retriesKeyedPOSTs`` says the server honours the
/// idempotency key every `POST` carries (``RESTStore/Configuration/idempotencyKeyHeader``): the server may
/// have acted on a request whose response was lost, and sending it again could create a second object
/// or apply a change twice.
///
/// ```swift
/// var configuration = RESTStore.Configuration()
/// configuration.retry = RetryPolicy(maximumAttempts: 5, initialDelay: .milliseconds(100))
/// configuration.retry = .none   // every failure reaches the caller at once
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request is sent at most, the first time included (1: never again).
    public var maximumAttempts: Int
    /// The delay cap before the second attempt; it doubles with every further attempt.
    public var initialDelay: Duration
    /// The largest delay cap.
    public var maximumDelay: Duration
    /// The statuses that count as passing failures.
    public var retriedStatuses: Set<Int>
    /// Whether a `POST` that carries an idempotency key is sent again too. Turn it on only for a
    /// server that honours the key (answers a repeated key with the first request's response, without
    /// acting again); off by default.
    public var retriesKeyedPOSTs: Bool

    /// Creates a policy.
    public init(
        maximumAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(250),
        maximumDelay: Duration = .seconds(8),
        retriedStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retriesKeyedPOSTs: Bool = false
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.retriedStatuses = retriedStatuses
        self.retriesKeyedPOSTs = retriesKeyedPOSTs
    }

    /// Three attempts, 250 ms doubling up to 8 s, on 408, 429, 500, 502, 503 and 504.
    public static let `default` = RetryPolicy()

    /// One attempt: failures reach the caller at once.
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// Whether the policy sends `method` again at all.
    static func isIdempotent(_ method: HTTPMethod) -> Bool {
        switch method {
        case .get, .put, .delete: true
        case .post, .patch: false
        }
    }

    /// The wait before attempt `attempt` (2 for the first retry): half the cap, plus a random part of
    /// the other half, so that clients that failed together do not come back together. The caching
    /// store's outbox waits the same way between replay attempts.
    ///
    /// ```swift
    /// var generator = SystemRandomNumberGenerator()
    /// RetryPolicy.default.delay(beforeAttempt: 3, using: &generator)   // between 250 and 500 ms
    /// ```
    public func delay(beforeAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let doublings = min(max(0, attempt - 2), 30)
        let cap = min(maximumDelay, initialDelay * (1 << doublings))
        return cap / 2 + cap / 2 * Double.random(in: 0...1, using: &generator)
    }
}
