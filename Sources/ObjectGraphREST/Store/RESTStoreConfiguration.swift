import ObjectGraph

extension RESTStore {
    /// What a REST store needs beyond the model's mapping: which query parameters endpoints accept,
    /// paging, request concurrency, headers, retries, rate limits, conditional requests, how long it
    /// keeps objects, and mappings for entities whose descriptions carry none.
    ///
    /// ```swift
    /// var configuration = RESTStore.Configuration()
    /// configuration.queryParameters = ["Band": ["name": "name"]]   // Band.fetch(where: \.name == "Low") → ?name=Low
    /// configuration.pagination = RESTPagination(style: .page(page: "page", size: "per_page"), pageSize: 100)
    /// configuration.maxConcurrentRequests = 6
    /// configuration.headers["Authorization"] = "Bearer \(token)"
    /// configuration.retry = RetryPolicy(maximumAttempts: 5)
    /// ```
    public struct Configuration: Sendable {
        /// Mappings by entity name, used instead of the one in the entity's description (or where it has none).
        public var mappings: [String: RESTEntityMapping]
        /// By entity name, the query parameter each attribute can be filtered with on the entity's list URL:
        /// `attribute == value` predicates travel as `?parameter=value`.
        public var queryParameters: [String: [String: String]]
        /// How lists are paged.
        public var pagination: RESTPagination
        /// How many requests may run at once.
        public var maxConcurrentRequests: Int
        /// The method that saves changed fields (`PATCH` by default, or `PUT`).
        public var updateMethod: HTTPMethod
        /// The longest response body read, in bytes (64 MiB by default); a longer one fails the request
        /// with ``RESTError/responseTooLarge(method:url:limit:)`` without being read to its end.
        public var maximumResponseSize: Int
        /// Header fields sent with every request (authentication, `User-Agent`, API versions).
        public var headers: [String: String]
        /// Called before every request for header fields that change (a token that expires); its fields
        /// replace ``headers`` of the same name. An error it throws fails the request.
        public var headerProvider: (@Sendable () async throws -> [String: String])?
        /// When idempotent requests are sent again (``RetryPolicy/default``: three attempts).
        public var retry: RetryPolicy
        /// The longest the store holds a request back while the server's rate limit is exhausted
        /// (`X-RateLimit-Remaining: 0` until `X-RateLimit-Reset`, or `Retry-After`); a longer wait fails the
        /// request with ``RESTError/rateLimited(method:url:retryAfter:)`` at once. One minute by default.
        public var maximumRateLimitWait: Duration
        /// The most bytes of `GET` response bodies kept for conditional requests (`ETag` /
        /// `Last-Modified` validators; a `304 Not Modified` reuses the body); 16 MiB by default, 0 turns
        /// conditional requests off.
        public var conditionalRequestCacheSize: Int
        /// How many objects the store keeps from responses, and for how long they answer faults.
        public var objectCache: RESTObjectCachePolicy
        /// The header that carries each `POST`'s idempotency key (`Idempotency-Key`, as the IETF
        /// HTTPAPI draft names it; `nil`: none). The key is the same every time the same new object is
        /// sent (a save retried after a lost response), so a server that honours it creates the object
        /// once: it stores the first response under the key and answers a repeat with that response, and
        /// answers a repeat with a different body 422. Servers that do not know the header ignore it.
        public var idempotencyKeyHeader: String?

        /// Creates a configuration.
        public init(
            mappings: [String: RESTEntityMapping] = [:],
            queryParameters: [String: [String: String]] = [:],
            pagination: RESTPagination = RESTPagination(),
            maxConcurrentRequests: Int = 4,
            updateMethod: HTTPMethod = .patch,
            maximumResponseSize: Int = 64 << 20,
            headers: [String: String] = [:],
            headerProvider: (@Sendable () async throws -> [String: String])? = nil,
            retry: RetryPolicy = .default,
            maximumRateLimitWait: Duration = .seconds(60),
            conditionalRequestCacheSize: Int = 16 << 20,
            objectCache: RESTObjectCachePolicy = RESTObjectCachePolicy(),
            idempotencyKeyHeader: String? = "Idempotency-Key"
        ) {
            self.mappings = mappings
            self.queryParameters = queryParameters
            self.pagination = pagination
            self.maxConcurrentRequests = maxConcurrentRequests
            self.updateMethod = updateMethod
            self.maximumResponseSize = maximumResponseSize
            self.headers = headers
            self.headerProvider = headerProvider
            self.retry = retry
            self.maximumRateLimitWait = maximumRateLimitWait
            self.conditionalRequestCacheSize = conditionalRequestCacheSize
            self.objectCache = objectCache
            self.idempotencyKeyHeader = idempotencyKeyHeader
        }
    }
}
