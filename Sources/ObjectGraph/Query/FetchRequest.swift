/// A typed fetch: which objects of `Fields.Object`'s entity (and its subentities), in what order, how
/// many, and which relationships to load with them.
///
/// ```swift
/// var request = FetchRequest<Album.Fields>(where: \.year >= 1990, sortedBy: [.ascending(\.title)], limit: 20)
/// request.prefetching = FetchRequest.paths([\.tracks, \.band])
/// let albums: [Album] = try await context.fetch(request)
/// let total = try await context.count(request)
/// ```
public struct FetchRequest<Fields: FieldSet>: Sendable, Hashable {
    /// The filter, or `nil` for every object.
    public var predicate: FetchPredicate<Fields>?
    /// Sort keys, most significant first.
    public var sortDescriptors: [SortKey<Fields>]
    /// The maximum number of results.
    public var limit: Int?
    /// The number of leading results to skip.
    public var offset: Int
    /// Whether objects of subentities are included.
    public var includesSubentities: Bool
    /// Relationship paths (to-one steps, ending at any relationship) to load for all results at once.
    public var prefetching: [[String]]

    /// Creates a request.
    public init(
        where predicate: FetchPredicate<Fields>? = nil,
        sortedBy sortDescriptors: [SortKey<Fields>] = [],
        limit: Int? = nil,
        offset: Int = 0,
        includesSubentities: Bool = true,
        prefetching: [PartialKeyPath<Fields>] = []
    ) {
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.limit = limit
        self.offset = offset
        self.includesSubentities = includesSubentities
        self.prefetching = Self.paths(prefetching)
    }

    /// The property paths of relationship key paths (`\.tracks`, `\.band`); other key paths are ignored.
    public static func paths(_ keyPaths: [PartialKeyPath<Fields>]) -> [[String]] {
        let root = Fields(prefix: [])
        return keyPaths.compactMap { (root[keyPath: $0] as? any RelationshipFieldPath)?.path }
    }
}

/// A field that names a relationship: the destination ``FieldSet`` of a to-one, or a ``ToManyField``;
/// what ``FetchRequest/prefetching`` accepts.
public protocol RelationshipFieldPath: FieldPath {}

extension ToManyField: RelationshipFieldPath {}
