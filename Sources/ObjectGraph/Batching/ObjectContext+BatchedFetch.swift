/// Fetching with a batch size: the matching IDs in one query, objects loaded in batches on access.
extension ObjectContext {
    /// The objects matching `request` as ``BatchedResults``: every ID now, the objects `batchSize` at a
    /// time when used; `request.prefetching` is loaded for each batch as it loads.
    ///
    /// The IDs come from one ``PersistentStore/fetchIDs(_:withValuesOf:)`` call when the store
    /// evaluates the whole request and this context has no unsaved changes to the entity; otherwise the
    /// context fetches the objects (evaluating in memory what it must) and batches only their use.
    ///
    /// ```swift
    /// let request = FetchRequest<Event.Fields>(sortedBy: [.descending(\.timeStamp)])
    /// let events = try await context.fetch(request, batchSize: 20)
    /// ```
    public nonisolated(nonsending) func fetch<F: FieldSet>(
        _ request: FetchRequest<F>, batchSize: Int
    ) async throws -> BatchedResults<F.Object> {
        try await fetchBatched(Self.storeRequest(request, entity: F.Object.entity), batchSize: batchSize,
                               prefetching: request.prefetching)
    }

    /// The objects of `type` matching a predicate, sorted, as ``BatchedResults`` loading `batchSize` at a time.
    ///
    /// ```swift
    /// let events = try await context.fetch(Event.self, sortedBy: [.descending(\.timeStamp)], batchSize: 20)
    /// ```
    public nonisolated(nonsending) func fetch<E: ManagedEntity>(
        _ type: E.Type,
        where predicate: FetchPredicate<E.Fields>? = nil,
        sortedBy sortDescriptors: [SortKey<E.Fields>] = [],
        batchSize: Int
    ) async throws -> BatchedResults<E> {
        let request = FetchRequest(where: predicate, sortedBy: sortDescriptors)
        return try await fetchBatched(Self.storeRequest(request, entity: E.entity), batchSize: batchSize, prefetching: [])
    }

    /// The batched answer to an untyped request.
    nonisolated(nonsending) func fetchBatched<T: ManagedObject>(
        _ request: StoreFetchRequest, batchSize: Int, prefetching: [[String]]
    ) async throws -> BatchedResults<T> {
        guard let entity = model.schema.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let plan = FetchPlan(request, entity: entity, context: self)
        if plan.isExact {
            let ids = try await store.fetchIDs(plan.storeRequest, withValuesOf: []).ids
            return BatchedResults(ids: ids, batchSize: batchSize, context: self, prefetching: prefetching)
        }
        let objects = try Self.cast(try await fetchObjects(request), to: T.self)
        return BatchedResults(ids: ObjectIDList(objects.map(\.objectID)), batchSize: batchSize, context: self,
                              prefetching: prefetching, loaded: objects.count <= batchSize ? objects : nil)
    }
}
