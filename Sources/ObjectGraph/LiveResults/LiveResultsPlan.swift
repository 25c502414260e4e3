/// What live results evaluate for one request: the request, its sort key paths (the section key first),
/// the compiled predicate and sort paths for changed objects, and which changes need a refetch.
struct LiveResultsPlan {
    let request: StoreFetchRequest
    let entity: EntityDescription
    /// The sort keys the rows are ordered by: the section key first, then the request's sorts.
    let sorts: [SortExpression]
    /// The entities of the result (the fetched one and, when included, its subentities).
    let entityNames: Set<String>
    /// The root entity of the fetched hierarchy, which names its objects' IDs.
    let rootName: String
    /// Relationship paths the predicate and sorts follow: loaded for changed objects before evaluating.
    let relationshipPaths: [[String]]
    /// Root entities reached through those paths: a change to one of their objects can change rows that
    /// did not change themselves, so it refetches.
    let dependentRoots: Set<String>
    /// The fetched root and the dependent ones: a change to an unknown object of one of them refetches.
    private let refetchRoots: Set<String>
    private let model: ModelDescription
    private let predicate: CompiledPredicate?
    private let keyPaths: [ResolvedPath]

    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``, ``ObjectGraphError/unknownProperty(entity:property:)``
    ///   for a sort, section or predicate key the entity does not have.
    init(request: StoreFetchRequest, sectionKey: [String]?, model: ModelDescription) throws {
        guard let entity = model.entity(named: request.entityName) else { throw ObjectGraphError.unknownEntity(request.entityName) }
        var sorts = request.sortDescriptors
        if let sectionKey, sorts.first?.path != sectionKey { sorts.insert(SortExpression(sectionKey), at: 0) }
        self.request = request
        self.entity = entity
        self.sorts = sorts
        entityNames = Set(request.includesSubentities ? model.entityNames(inHierarchyOf: entity.name) : [entity.name])
        rootName = model.rootEntityName(of: entity.name)
        keyPaths = try sorts.map { try ResolvedPath($0.path, from: entity, in: model) }
        predicate = try request.predicate.map { try CompiledPredicate($0, entity: entity, model: model) }
        let paths = (request.predicate?.relationshipPaths(from: entity, in: model) ?? [])
            + sorts.compactMap { $0.path.count > 1 ? Array($0.path.dropLast()) : nil }
        relationshipPaths = paths
        var roots: Set<String> = []
        for path in paths {
            for length in 1...path.count {
                guard let owner = model.entityReached(by: path.prefix(length - 1), from: entity),
                      let relationship = owner.relationship(named: path[length - 1]) else { continue }
                roots.insert(model.rootEntityName(of: relationship.destinationEntityName))
            }
        }
        dependentRoots = roots
        refetchRoots = roots.union([rootName])
        self.model = model
    }

    /// The rows now, as a new state: IDs and sort keys in one store call when the store evaluates the
    /// request and the context has no unsaved changes to it; otherwise from the context's fetch.
    nonisolated(nonsending) func fetchRows(in context: ObjectContext) async throws -> FetchedIDs {
        var sorted = request
        sorted.sortDescriptors = sorts
        if FetchPlan(sorted, entity: entity, context: context).isExact {
            return try await context.store.fetchIDs(sorted, withValuesOf: sorts.map(\.path))
        }
        let objects = try await context.fetchObjects(sorted)
        let resolver = ContextResolver()
        return FetchedIDs(ids: ObjectIDList(objects.map(\.objectID)), pathCount: keyPaths.count,
                          values: objects.flatMap { object in keyPaths.map { $0.value(of: object, resolver: resolver) } })
    }

    /// Applies `change` to `state`: in memory for the changed objects when it can, by refetching
    /// otherwise; returns the difference.
    nonisolated(nonsending) func apply(
        _ change: StoreChange, to state: inout LiveResultsState, in context: ObjectContext
    ) async throws -> SectionedDiff {
        var touched: Set<AnyObjectID> = []
        var upserted: [AnyObjectID] = []
        for (id, object) in change.objects where id.entityName == rootName {
            touched.insert(id)
            if object.kind != .deleted { upserted.append(id) }
        }
        for toMany in change.toManys where toMany.ownerID.entityName == rootName && touched.insert(toMany.ownerID).inserted {
            upserted.append(toMany.ownerID)
        }
        if needsRefetch(change) {
            return state.replace(with: try await fetchRows(in: context), touched: touched)
        }
        guard !touched.isEmpty else { return SectionedDiff() }
        var rows: [AnyObjectID: [AttributeValue]?] = [:]
        for id in touched { rows.updateValue(nil, forKey: id) }
        // The store's current state of each changed object; registered objects without unsaved changes
        // take it (the context merged the change before publishing it, or the change is its own save).
        let snapshots = try await context.store.snapshots(for: upserted)
        let objects = try context.materialize(snapshots).filter { entityNames.contains($0.entity.name) && !$0.isDeleted }
        try await context.prefetch(relationshipPaths, for: objects)
        let resolver = ContextResolver()
        for object in objects where predicate?.evaluate(object, resolver: resolver) ?? true {
            rows[object.objectID] = keyPaths.map { $0.value(of: object, resolver: resolver) }
        }
        return state.apply(rows)
    }

    /// Whether `change` can alter rows other than the changed objects of the fetched hierarchy (through
    /// a relationship the predicate or keys follow), or the store could not say which objects changed,
    /// or the request has a limit or offset: then the rows are fetched again.
    private func needsRefetch(_ change: StoreChange) -> Bool {
        if request.limit != nil || request.offset > 0 { return true }
        if change.entitiesToRefetch.contains(where: { refetchRoots.contains(model.rootEntityName(of: $0)) }) { return true }
        guard !dependentRoots.isEmpty else { return false }
        return change.objects.keys.contains { dependentRoots.contains($0.entityName) }
            || change.toManys.contains { dependentRoots.contains($0.ownerID.entityName) }
    }
}
