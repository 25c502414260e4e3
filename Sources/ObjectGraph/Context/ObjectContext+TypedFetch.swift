/// The typed fetch API.
extension ObjectContext {
    /// The objects matching `request`, including unsaved changes of this context.
    ///
    /// ```swift
    /// let request = FetchRequest<Album.Fields>(where: \.year > 1990, sortedBy: [.ascending(\.title)],
    ///                                          limit: 10, prefetching: [\.tracks])
    /// let albums = try await context.fetch(request)
    /// ```
    public nonisolated(nonsending) func fetch<F: FieldSet>(_ request: FetchRequest<F>) async throws -> [F.Object] {
        try await fetch(request, entity: F.Object.entity)
    }

    /// The number of objects matching `request` (after its offset and limit).
    public nonisolated(nonsending) func count<F: FieldSet>(_ request: FetchRequest<F>) async throws -> Int {
        try await countObjects(Self.storeRequest(request, entity: F.Object.entity))
    }

    /// The first object matching `request`.
    public nonisolated(nonsending) func first<F: FieldSet>(_ request: FetchRequest<F>) async throws -> F.Object? {
        var single = request
        single.limit = 1
        return try await fetch(single).first
    }

    /// The objects of `type` matching a predicate, sorted, paged, with relationships prefetched.
    ///
    /// ```swift
    /// let events = try await context.fetch(Event.self, where: \.kind == "gig",
    ///                                      sortedBy: [.descending(\.timeStamp)], limit: 20)
    /// ```
    public nonisolated(nonsending) func fetch<E: ManagedEntity>(
        _ type: E.Type,
        where predicate: FetchPredicate<E.Fields>? = nil,
        sortedBy sortDescriptors: [SortKey<E.Fields>] = [],
        limit: Int? = nil,
        offset: Int = 0,
        prefetching: [PartialKeyPath<E.Fields>] = []
    ) async throws -> [E] {
        let request = FetchRequest(where: predicate, sortedBy: sortDescriptors, limit: limit, offset: offset,
                                   prefetching: prefetching)
        return try await fetch(request, entity: E.entity)
    }

    /// The number of objects of `type` matching a predicate.
    public nonisolated(nonsending) func count<E: ManagedEntity>(_ type: E.Type, where predicate: FetchPredicate<E.Fields>? = nil) async throws -> Int {
        try await countObjects(Self.storeRequest(FetchRequest(where: predicate), entity: E.entity))
    }

    /// The first object of `type` matching a predicate in the given order.
    public nonisolated(nonsending) func first<E: ManagedEntity>(
        _ type: E.Type, where predicate: FetchPredicate<E.Fields>? = nil, sortedBy sortDescriptors: [SortKey<E.Fields>] = []
    ) async throws -> E? {
        try await fetch(type, where: predicate, sortedBy: sortDescriptors, limit: 1).first
    }

    nonisolated(nonsending) private func fetch<F: FieldSet, T: ManagedObject>(
        _ request: FetchRequest<F>, entity: EntityDescription
    ) async throws -> [T] {
        try Self.cast(try await fetchObjects(Self.storeRequest(request, entity: entity), prefetching: request.prefetching), to: T.self)
    }

    static func storeRequest<F>(_ request: FetchRequest<F>, entity: EntityDescription) -> StoreFetchRequest {
        StoreFetchRequest(
            entityName: entity.name, includesSubentities: request.includesSubentities,
            predicate: request.predicate?.expression, sortDescriptors: request.sortDescriptors.map(\.expression),
            limit: request.limit, offset: request.offset)
    }
}
