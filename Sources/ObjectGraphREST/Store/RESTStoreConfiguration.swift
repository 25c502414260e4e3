import ObjectGraph

extension RESTStore {
    /// What a REST store needs beyond the model's mapping: which query parameters endpoints accept,
    /// paging, request concurrency, and mappings for entities whose descriptions carry none.
    ///
    /// ```swift
    /// var configuration = RESTStore.Configuration()
    /// configuration.queryParameters = ["Band": ["name": "name"]]   // Band.fetch(where: \.name == "Low") → ?name=Low
    /// configuration.pagination = RESTPagination(style: .page(page: "page", size: "per_page"), pageSize: 100)
    /// configuration.maxConcurrentRequests = 6
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

        /// Creates a configuration.
        public init(
            mappings: [String: RESTEntityMapping] = [:],
            queryParameters: [String: [String: String]] = [:],
            pagination: RESTPagination = RESTPagination(),
            maxConcurrentRequests: Int = 4,
            updateMethod: HTTPMethod = .patch,
            maximumResponseSize: Int = 64 << 20
        ) {
            self.mappings = mappings
            self.queryParameters = queryParameters
            self.pagination = pagination
            self.maxConcurrentRequests = maxConcurrentRequests
            self.updateMethod = updateMethod
            self.maximumResponseSize = maximumResponseSize
        }
    }
}
