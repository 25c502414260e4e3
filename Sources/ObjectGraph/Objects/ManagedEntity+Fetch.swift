/// Class-level fetch helpers every entity class gets from the runtime.
///
/// A subentity class (whose `ManagedEntity` conformance, and so `Fields`, is inherited) gets generated
/// overloads in `extension ManagedEntity where Self == Podcast` that take its own `Podcast.Fields`;
/// Swift prefers those.
///
/// ```swift
/// let albums = try await Album.fetch(in: context, where: \.title == "Rue Royale" && \.band.name == "Low",
///                                    sortedBy: [.descending(\.year)], prefetching: [\.tracks])
/// let count = try await Album.count(in: context, where: \.year > 1990)
/// let first = try await Album.first(in: context, sortedBy: [.ascending(\.title)])
/// ```
extension ManagedEntity {
    /// The objects of this class's entity matching a predicate, sorted, paged, with relationships prefetched.
    public nonisolated(nonsending) static func fetch(
        in context: ObjectContext,
        where predicate: FetchPredicate<Fields>? = nil,
        sortedBy sortKeys: [SortKey<Fields>] = [],
        limit: Int? = nil,
        offset: Int = 0,
        prefetching: [PartialKeyPath<Fields>] = []
    ) async throws -> [Self] {
        try await context.fetch(Self.self, where: predicate, sortedBy: sortKeys, limit: limit, offset: offset,
                                prefetching: prefetching)
    }

    /// The objects of this class's entity matching a predicate, sorted, as ``BatchedResults``: every ID
    /// after one query, the objects loaded `batchSize` at a time on access.
    ///
    /// ```swift
    /// let events = try await Event.fetch(in: context, sortedBy: [.descending(\.timeStamp)], batchSize: 20)
    /// ```
    public nonisolated(nonsending) static func fetch(
        in context: ObjectContext,
        where predicate: FetchPredicate<Fields>? = nil,
        sortedBy sortKeys: [SortKey<Fields>] = [],
        batchSize: Int
    ) async throws -> BatchedResults<Self> {
        try await context.fetch(Self.self, where: predicate, sortedBy: sortKeys, batchSize: batchSize)
    }

    /// The number of objects of this class's entity matching a predicate.
    public nonisolated(nonsending) static func count(
        in context: ObjectContext, where predicate: FetchPredicate<Fields>? = nil
    ) async throws -> Int {
        try await context.count(Self.self, where: predicate)
    }

    /// The first object of this class's entity matching a predicate in the given order.
    public nonisolated(nonsending) static func first(
        in context: ObjectContext, where predicate: FetchPredicate<Fields>? = nil, sortedBy sortKeys: [SortKey<Fields>] = []
    ) async throws -> Self? {
        try await context.first(Self.self, where: predicate, sortedBy: sortKeys)
    }
}
