/// A fetch as a store receives it: untyped, already reduced to what the store said it can evaluate.
///
/// ```swift
/// let request = StoreFetchRequest(entityName: "Album",
///                                 predicate: .compare(["year"], .greater, .integer(1990)),
///                                 sortDescriptors: [SortExpression(["title"])], limit: 10)
/// let snapshots = try await store.fetch(request)
/// ```
public struct StoreFetchRequest: Sendable, Hashable, Codable {
    /// The entity to fetch.
    public var entityName: String
    /// Whether instances of subentities are included (Core Data's default).
    public var includesSubentities: Bool
    /// The filter, or `nil` for every object.
    public var predicate: StorePredicate?
    /// Sort keys, most significant first. Without them results come in the store's natural order.
    public var sortDescriptors: [SortExpression]
    /// The maximum number of results, applied after sorting and ``offset``.
    public var limit: Int?
    /// The number of leading results to skip, applied after sorting.
    public var offset: Int

    /// Creates a request.
    public init(
        entityName: String,
        includesSubentities: Bool = true,
        predicate: StorePredicate? = nil,
        sortDescriptors: [SortExpression] = [],
        limit: Int? = nil,
        offset: Int = 0
    ) {
        self.entityName = entityName
        self.includesSubentities = includesSubentities
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.limit = limit
        self.offset = offset
    }
}
