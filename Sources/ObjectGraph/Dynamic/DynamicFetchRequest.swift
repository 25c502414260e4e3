/// A fetch request built from names known only at run time (admin screens, scripts, tools): an entity
/// name, sort keys spelled `"timeStamp"` / `"-timeStamp"` / `"band.name"`, an untyped predicate and a
/// batch size. ``ObjectContext/fetchRequest(entityNamed:where:sortedBy:batchSize:)`` checks every name
/// against the model when it makes one, so a request that exists is valid.
///
/// ```swift
/// let request = try context.fetchRequest(entityNamed: "Event", sortedBy: ["-timeStamp"], batchSize: 20)
/// let events = try await context.fetch(request)
/// for try await event in events.objects { print(try event.value(forKey: "title")) }
/// ```
public struct DynamicFetchRequest: Sendable, Hashable {
    /// The untyped request the store receives (before the context splits it).
    public let storeRequest: StoreFetchRequest
    /// The number of objects loaded together; `nil` loads every object at once.
    public let batchSize: Int?

    /// The entity fetched.
    public var entityName: String { storeRequest.entityName }

    /// The sort keys, parsed: a leading `-` sorts descending, a leading `+` (or none) ascending, and
    /// dots separate to-one steps from the attribute.
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` for an empty key.
    static func sortExpressions(_ keys: [String], entityName: String) throws -> [SortExpression] {
        try keys.map { key in
            let ascending = !key.hasPrefix("-")
            let path = (key.hasPrefix("-") || key.hasPrefix("+") ? key.dropFirst() : Substring(key))
                .split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !path.contains(where: \.isEmpty) else { throw ObjectGraphError.unknownProperty(entity: entityName, property: key) }
            return SortExpression(path, ascending: ascending)
        }
    }

    /// A key path spelled `"band.name"`, as its steps.
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` naming `entity` and the key path
    ///   when it has an empty step or is not an attribute reached through to-ones.
    static func keyPath(_ key: String, of entity: EntityDescription, in model: ModelDescription) throws -> [String] {
        let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try checkKeyPath(path, of: entity, in: model)
        return path
    }

    /// Checks that `path` is an attribute of `entity` reached through to-ones.
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` naming `entity` and the whole path.
    static func checkKeyPath(_ path: [String], of entity: EntityDescription, in model: ModelDescription) throws {
        do {
            _ = try ResolvedPath(path, from: entity, in: model)
        } catch {
            throw ObjectGraphError.unknownProperty(entity: entity.name, property: path.joined(separator: "."))
        }
    }
}

extension ObjectContext {
    /// A request for the entity called `entityName`, checked against the model.
    ///
    /// ```swift
    /// let request = try context.fetchRequest(entityNamed: "Event",
    ///                                        where: .compare(["title"], .notEqual, .string("")),
    ///                                        sortedBy: ["-timeStamp"], batchSize: 20)
    /// ```
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)`` naming an entity the model lacks;
    ///   ``ObjectGraphError/unknownProperty(entity:property:)`` naming the fetched entity and the key
    ///   path (without its `-`/`+`) of a sort key that is not an attribute reached through to-ones, and
    ///   the entity and name the predicate cannot resolve.
    public func fetchRequest(
        entityNamed entityName: String,
        where predicate: StorePredicate? = nil,
        sortedBy sortKeys: [String] = [],
        batchSize: Int? = nil
    ) throws -> DynamicFetchRequest {
        guard let entity = model.schema.entity(named: entityName) else { throw ObjectGraphError.unknownEntity(entityName) }
        let sorts = try DynamicFetchRequest.sortExpressions(sortKeys, entityName: entityName)
        for sort in sorts { try DynamicFetchRequest.checkKeyPath(sort.path, of: entity, in: model.schema) }
        if let predicate { _ = try CompiledPredicate(predicate, entity: entity, model: model.schema) }
        return DynamicFetchRequest(
            storeRequest: StoreFetchRequest(entityName: entityName, predicate: predicate, sortDescriptors: sorts),
            batchSize: batchSize.map { Swift.max(1, $0) })
    }

    /// The objects `request` matches, untyped, as ``BatchedResults`` loading `request.batchSize` at a
    /// time (all at once without a batch size), including this context's unsaved changes.
    public nonisolated(nonsending) func fetch(_ request: DynamicFetchRequest) async throws -> BatchedResults<ManagedObject> {
        if let batchSize = request.batchSize {
            return try await fetchBatched(request.storeRequest, batchSize: batchSize, prefetching: [])
        }
        let objects = try await fetchObjects(request.storeRequest)
        return BatchedResults(ids: ObjectIDList(objects.map(\.objectID)), batchSize: Swift.max(1, objects.count),
                              context: self, prefetching: [], loaded: objects)
    }
}
