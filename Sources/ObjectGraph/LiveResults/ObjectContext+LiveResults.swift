/// Live results: a fetch observed over time, optionally in sections.
extension ObjectContext {
    /// The objects matching `request`, kept up to date, in sections of equal `key` values named by
    /// `sectionName`. Rows are ordered by the section key first (in the direction of the request's first
    /// sort when that is the same key, ascending otherwise), then by the request's sorts; sections are
    /// ordered as their rows, so a name must not repeat out of order (days of a date sorted by that
    /// date are fine). `batchSize` objects load together when one is asked for.
    ///
    /// ```swift
    /// let request = FetchRequest<Event.Fields>(sortedBy: [.descending(\.timeStamp)])
    /// let results = try await context.results(for: request, sectionedBy: \.timeStamp,
    ///                                         sectionName: { $0.formatted(date: .numeric, time: .omitted) })
    /// ```
    /// - Throws: store errors of the first fetch.
    public nonisolated(nonsending) func results<F: FieldSet, V>(
        for request: FetchRequest<F>,
        sectionedBy key: KeyPath<F, AttributeField<V>>,
        sectionName: @escaping @Sendable (V) -> String = { String(describing: $0) },
        batchSize: Int = 20
    ) async throws -> LiveResults<F.Object> {
        try await liveResults(Self.storeRequest(request, entity: F.Object.entity), sectionKey: F.path(of: key),
                              sectionName: { V(attributeValue: $0).map(sectionName) ?? "" }, batchSize: batchSize)
    }

    /// The objects matching `request`, kept up to date, in one section.
    public nonisolated(nonsending) func results<F: FieldSet>(
        for request: FetchRequest<F>, batchSize: Int = 20
    ) async throws -> LiveResults<F.Object> {
        try await liveResults(Self.storeRequest(request, entity: F.Object.entity), sectionKey: nil, sectionName: nil,
                              batchSize: batchSize)
    }

    /// Live results by name, over untyped objects: the entity called `entityName`, sorted by keys spelled
    /// as in ``fetchRequest(entityNamed:where:sortedBy:batchSize:)`` (`"-timeStamp"`), in sections named
    /// by the value of `sectionNameKeyPath` (`"band.name"`; strings as they are, other values as
    /// ``AttributeValue/description`` renders them, `null` as an empty name).
    ///
    /// ```swift
    /// let results = try await context.results(entityNamed: "Album", sortedBy: ["band.name", "-year"],
    ///                                         sectionNameKeyPath: "band.name", batchSize: 20)
    /// ```
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)`` naming the entity;
    ///   ``ObjectGraphError/unknownProperty(entity:property:)`` naming the entity and the key path of a
    ///   sort key (without its `-`/`+`) or of the section key that is not an attribute reached through
    ///   to-ones, or what the predicate cannot resolve.
    public nonisolated(nonsending) func results(
        entityNamed entityName: String,
        where predicate: StorePredicate? = nil,
        sortedBy sortKeys: [String] = [],
        sectionNameKeyPath: String? = nil,
        batchSize: Int = 20
    ) async throws -> LiveResults<ManagedObject> {
        let request = try fetchRequest(entityNamed: entityName, where: predicate, sortedBy: sortKeys)
        guard let entity = model.schema.entity(named: entityName) else { throw ObjectGraphError.unknownEntity(entityName) }
        let sectionKey = try sectionNameKeyPath.map { try DynamicFetchRequest.keyPath($0, of: entity, in: model.schema) }
        return try await liveResults(request.storeRequest, sectionKey: sectionKey,
                                     sectionName: sectionKey == nil ? nil : Self.sectionName(of:), batchSize: batchSize)
    }

    /// A value as the name of a section: strings as they are, `null` empty, others as described.
    @Sendable static func sectionName(of value: AttributeValue) -> String {
        switch value {
        case .null: ""
        case .string(let string): string
        default: value.description
        }
    }

    nonisolated(nonsending) func liveResults<T: ManagedObject>(
        _ request: StoreFetchRequest, sectionKey: [String]?, sectionName: (@Sendable (AttributeValue) -> String)?,
        batchSize: Int
    ) async throws -> LiveResults<T> {
        let plan = try LiveResultsPlan(request: request, sectionKey: sectionKey, model: model.schema)
        // Observe first, so that no change between the fetch and the first update is missed.
        let changes = self.changes
        var state = LiveResultsState(ascending: plan.sorts.map(\.ascending), sectionName: sectionName)
        _ = state.replace(with: try await plan.fetchRows(in: self), touched: [])
        return LiveResults(context: self, plan: plan, state: state, batchSize: batchSize, changes: changes)
    }
}

extension ManagedEntity {
    /// The objects of this class's entity matching a predicate, sorted, kept up to date, in sections of
    /// equal `key` values (see ``ObjectContext/results(for:sectionedBy:sectionName:batchSize:)``).
    ///
    /// ```swift
    /// let results = try await Event.results(in: context, sortedBy: [.descending(\.timeStamp)],
    ///                                       sectionedBy: \.timeStamp, sectionName: { day($0) }, batchSize: 20)
    /// ```
    public nonisolated(nonsending) static func results<V>(
        in context: ObjectContext,
        where predicate: FetchPredicate<Fields>? = nil,
        sortedBy sortKeys: [SortKey<Fields>] = [],
        sectionedBy key: KeyPath<Fields, AttributeField<V>>,
        sectionName: @escaping @Sendable (V) -> String = { String(describing: $0) },
        batchSize: Int = 20
    ) async throws -> LiveResults<Self> {
        try await context.liveResults(ObjectContext.storeRequest(FetchRequest(where: predicate, sortedBy: sortKeys), entity: entity),
                                      sectionKey: Fields.path(of: key),
                                      sectionName: { V(attributeValue: $0).map(sectionName) ?? "" }, batchSize: batchSize)
    }

    /// The objects of this class's entity matching a predicate, sorted, kept up to date, in one section.
    public nonisolated(nonsending) static func results(
        in context: ObjectContext,
        where predicate: FetchPredicate<Fields>? = nil,
        sortedBy sortKeys: [SortKey<Fields>] = [],
        batchSize: Int = 20
    ) async throws -> LiveResults<Self> {
        try await context.liveResults(ObjectContext.storeRequest(FetchRequest(where: predicate, sortedBy: sortKeys), entity: entity),
                                      sectionKey: nil, sectionName: nil, batchSize: batchSize)
    }
}
