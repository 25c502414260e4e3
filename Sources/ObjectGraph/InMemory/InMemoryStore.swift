/// A complete store that keeps everything in memory: for tests, previews, and scratch object graphs.
///
/// It evaluates every predicate and sort natively (with the shared evaluator), keeps insertion order as
/// its natural order, gives integer keys per root entity, enforces uniqueness constraints, and applies
/// each save to a copy of its state, so a failed save changes nothing. Every save is published to the
/// store's observers (``changes()``). An actor: safe to share between any number of contexts.
///
/// ```swift
/// let store = InMemoryStore(model: MusicModel.model.description)
/// let context = try ObjectContext(store: store, model: MusicModel.model)
/// let band = Band(context: context, name: "Low")
/// try await context.save()
/// ```
public actor InMemoryStore: PersistentStore {
    /// The model the store was created with.
    public nonisolated let model: ModelDescription
    private var state = InMemoryState()
    private nonisolated let broadcaster = StoreChangeBroadcaster()

    /// Creates an empty store for `model`.
    public init(model: ModelDescription) {
        self.model = model
    }

    deinit {
        broadcaster.finish()
    }

    /// Observes every save from now on, in commit order.
    ///
    /// ```swift
    /// let changes = store.changes()
    /// try await context.save()
    /// for await change in changes { print(change.ids(.inserted)); break }
    /// ```
    public nonisolated func changes() -> StoreChanges {
        broadcaster.changes()
    }

    /// Everything: ``StoreCapabilities/all`` plus the opt-in
    /// ``StoreCapabilities/PredicateFeatures/relationshipNilChecks``.
    public nonisolated var capabilities: StoreCapabilities {
        var capabilities = StoreCapabilities.all
        capabilities.predicates.insert(.relationshipNilChecks)
        capabilities.detectsConflicts = true
        return capabilities
    }

    /// The matching snapshots, sorted (stably, over insertion order), offset and limited.
    public func fetch(_ request: StoreFetchRequest) throws -> [Snapshot] {
        try answer(request).ids.compactMap { id in state.rows[id]?.snapshot(id: id) }
    }

    /// The IDs of ``fetch(_:)``'s answer with the values of `paths`, read from the rows without snapshots.
    public func fetchIDs(_ request: StoreFetchRequest, withValuesOf paths: [[String]]) throws -> FetchedIDs {
        let (entity, page) = try answer(request)
        let resolver = InMemoryResolver(state: state, model: model)
        let resolved = try paths.map { try ResolvedPath($0, from: entity, in: model) }
        var values: [AttributeValue] = []
        values.reserveCapacity(page.count * paths.count)
        for id in page {
            for path in resolved { values.append(path.value(of: id, resolver: resolver)) }
        }
        return FetchedIDs(ids: ObjectIDList(page), pathCount: paths.count, values: values)
    }

    /// The number of matching objects, after offset and limit.
    public func count(_ request: StoreFetchRequest) throws -> Int {
        let matching = try matchingIDs(request).1.count - max(0, request.offset)
        return max(0, min(matching, request.limit ?? Int.max))
    }

    /// The snapshots of the existing objects among `ids`, in order.
    public func snapshots(for ids: [AnyObjectID]) -> [Snapshot] {
        ids.compactMap { id in state.rows[id]?.snapshot(id: id) }
    }

    /// The destinations of a relationship for many owners in one call.
    public func relatedIDs(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) throws -> [AnyObjectID: [AnyObjectID]] {
        guard let entity = model.entity(named: entityName) else { throw ObjectGraphError.unknownEntity(entityName) }
        guard let index = entity.relationshipIndex(named: relationshipName) else {
            throw ObjectGraphError.unknownProperty(entity: entityName, property: relationshipName)
        }
        return state.related(entity.relationships[index], at: index, owners: ids, model: model)
    }

    /// Applies `changes` to a copy of the state and keeps it only when everything applied.
    public func save(_ changes: ChangeSet) throws -> [AnyObjectID] {
        var copy = state
        let permanentIDs = try copy.apply(changes, model: model)
        state = copy
        broadcaster.publish { StoreChange(committing: changes, permanentIDs: permanentIDs) }
        return permanentIDs
    }

    /// The IDs of the answer to `request`: matching, sorted, offset and limited.
    private func answer(_ request: StoreFetchRequest) throws -> (entity: EntityDescription, ids: [AnyObjectID]) {
        let (entity, ids) = try matchingIDs(request)
        let resolver = InMemoryResolver(state: state, model: model)
        let sorted = try CompiledSort(request.sortDescriptors, entity: entity, model: model).sorted(ids, resolver: resolver)
        return (entity, Array(sorted.dropFirst(max(0, request.offset)).prefix(request.limit.map { max(0, $0) } ?? Int.max)))
    }

    private func matchingIDs(_ request: StoreFetchRequest) throws -> (EntityDescription, [AnyObjectID]) {
        guard let entity = model.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let names = request.includesSubentities ? Set(model.entityNames(inHierarchyOf: entity.name)) : [entity.name]
        let ids = state.ids(ofEntities: names)
        guard let predicate = request.predicate else { return (entity, ids) }
        let compiled = try CompiledPredicate(predicate, entity: entity, model: model)
        let resolver = InMemoryResolver(state: state, model: model)
        return (entity, ids.filter { compiled.evaluate($0, resolver: resolver) })
    }
}
