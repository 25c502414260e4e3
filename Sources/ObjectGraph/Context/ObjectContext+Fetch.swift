/// Fetching: the store evaluates what it can; the context evaluates the rest, and pending changes, in
/// memory with the shared evaluator.
extension ObjectContext {
    /// The objects matching an untyped request, as registered instances, including unsaved inserts and
    /// changes and excluding pending deletions; then loads `prefetching` for all of them.
    nonisolated(nonsending) func fetchObjects(
        _ request: StoreFetchRequest, prefetching: [[String]] = []
    ) async throws -> [ManagedObject] {
        guard let entity = model.schema.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        if hasUnmergedChanges { try await mergeChanges() }
        let plan = FetchPlan(request, entity: entity, context: self)
        var objects = try await fetchStoreObjects(plan.storeRequest)
        if !plan.isExact {
            objects = try await refine(objects, plan: plan, entity: entity)
        }
        try await prefetch(prefetching, for: objects)
        return objects
    }

    /// The registered objects for the store's answer to `request`, built batch by batch while the store
    /// reads the next batch: decoded by the store from its rows where it can
    /// (``PersistentStore/fetchObjects(_:model:)``), otherwise from snapshots
    /// (``PersistentStore/fetchInBatches(_:)``). A fetch into an empty context appends its objects
    /// without lookups for as long as nothing else registers objects between two batches. A reset
    /// meanwhile detached the objects built so far, so then the fetch starts over.
    nonisolated(nonsending) private func fetchStoreObjects(_ request: StoreFetchRequest) async throws -> [ManagedObject] {
        var objects: [ManagedObject] = []
        let generation = resetGeneration
        let startsEmpty = registered.isEmpty
        if let decoded = store.fetchObjects(request, model: model) {
            for try await batch in decoded {
                guard resetGeneration == generation else { break }
                try register(batch, into: &objects, allNew: startsEmpty && registered.count == objects.count)
            }
        } else {
            for try await batch in store.fetchInBatches(request) {
                guard resetGeneration == generation else { break }
                try materialize(batch, into: &objects, allNew: startsEmpty && registered.count == objects.count)
            }
        }
        guard resetGeneration == generation else { return try await fetchStoreObjects(request) }
        return objects
    }

    /// The number of objects ``fetchObjects(_:prefetching:)`` would return.
    nonisolated(nonsending) func countObjects(_ request: StoreFetchRequest) async throws -> Int {
        guard let entity = model.schema.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        if hasUnmergedChanges { try await mergeChanges() }
        var unsorted = request
        unsorted.sortDescriptors = []
        let plan = FetchPlan(unsorted, entity: entity, context: self)
        if plan.isExact { return try await store.count(plan.storeRequest) }
        return try await fetchObjects(unsorted).count
    }

    /// Adds pending inserts and changes, drops pending deletions, filters, sorts and pages in memory.
    nonisolated(nonsending) private func refine(
        _ fetched: [ManagedObject], plan: FetchPlan, entity: EntityDescription
    ) async throws -> [ManagedObject] {
        var objects = fetched
        if plan.hasPendingChanges {
            var seen = Set(objects.map(ObjectIdentifier.init))
            for object in changed.objects + inserted.objects
            where plan.entityNames.contains(object.entity.name) && seen.insert(ObjectIdentifier(object)).inserted {
                objects.append(object)
            }
            objects.removeAll { $0.isPendingDeletion }
        }
        let resolver = ContextResolver()
        if let filter = plan.memoryPredicate {
            try await prefetch(filter.relationshipPaths(from: entity, in: model.schema), for: objects)
            let compiled = try CompiledPredicate(filter, entity: entity, model: model.schema)
            objects = objects.filter { compiled.evaluate($0, resolver: resolver) }
        }
        if plan.sortsInMemory {
            let sorts = plan.request.sortDescriptors
            try await prefetch(sorts.compactMap { $0.path.count > 1 ? Array($0.path.dropLast()) : nil }, for: objects)
            objects = try CompiledSort(sorts, entity: entity, model: model.schema).sorted(objects, resolver: resolver)
        }
        let page = objects.dropFirst(max(0, plan.request.offset))
        return Array(page.prefix(plan.request.limit.map { max(0, $0) } ?? Int.max))
    }

    /// Whether an inserted, changed or deleted object belongs to one of `entityNames`.
    func hasPendingChanges(in entityNames: Set<String>) -> Bool {
        [inserted, changed, deleted].contains { set in
            set.objects.contains { entityNames.contains($0.entity.name) }
        }
    }
}

/// How one fetch splits between the store and the context.
struct FetchPlan {
    let request: StoreFetchRequest
    let entityNames: Set<String>
    let hasPendingChanges: Bool
    /// What the store receives.
    let storeRequest: StoreFetchRequest
    /// What the context still filters in memory.
    let memoryPredicate: StorePredicate?
    let sortsInMemory: Bool
    /// Whether the store's answer is the final answer.
    let isExact: Bool

    init(_ request: StoreFetchRequest, entity: EntityDescription, context: ObjectContext) {
        let schema = context.model.schema
        let capabilities = context.store.capabilities
        self.request = request
        entityNames = Set(request.includesSubentities ? schema.entityNames(inHierarchyOf: entity.name) : [entity.name])
        let traverses = !(request.predicate?.relationshipPaths(from: entity, in: schema).isEmpty ?? true)
            || request.sortDescriptors.contains { $0.path.count > 1 }
        hasPendingChanges = context.hasPendingChanges(in: entityNames) || (traverses && context.hasChanges)

        var native: [StorePredicate] = []
        var residual: [StorePredicate] = []
        if let predicate = request.predicate {
            let delegates = !(hasPendingChanges && traverses)
            let parts: [StorePredicate] = if case .and(let parts) = predicate { parts } else { [predicate] }
            for part in parts {
                if capabilities.requires(part, fetching: entity) || (delegates && capabilities.canEvaluate(part, on: entity, in: schema)) {
                    native.append(part)
                } else {
                    residual.append(part)
                }
            }
        }
        let sortsNatively = capabilities.canSort(request.sortDescriptors, on: entity, in: schema)
        isExact = !hasPendingChanges && residual.isEmpty && sortsNatively
        sortsInMemory = !request.sortDescriptors.isEmpty && !(isExact || (sortsNatively && !hasPendingChanges))

        var storeRequest = request
        storeRequest.predicate = native.isEmpty ? nil : (native.count == 1 ? native[0] : .and(native))
        if !isExact {
            storeRequest.sortDescriptors = sortsNatively ? request.sortDescriptors : []
            storeRequest.limit = nil
            storeRequest.offset = 0
        }
        self.storeRequest = storeRequest
        if hasPendingChanges {
            memoryPredicate = request.predicate
        } else {
            memoryPredicate = residual.isEmpty ? nil : (residual.count == 1 ? residual[0] : .and(residual))
        }
    }
}

extension StorePredicate {
    /// The relationship paths the expression follows from `entity`: to-one chains before attributes,
    /// to-ones tested for nil, and to-many paths of `ANY`/`ALL` with their sub-predicates' paths appended.
    func relationshipPaths(from entity: EntityDescription, in model: ModelDescription) -> [[String]] {
        switch self {
        case .constant:
            return []
        case .compare(let path, _, _, _) where !path.isEmpty && model.entityReached(by: path, from: entity) != nil:
            return [path]
        case .compare(let path, _, _, _), .isIn(let path, _, _), .between(let path, _, _), .string(let path, _, _, _):
            return path.count > 1 ? [Array(path.dropLast())] : []
        case .and(let parts), .or(let parts):
            return parts.flatMap { $0.relationshipPaths(from: entity, in: model) }
        case .not(let part):
            return part.relationshipPaths(from: entity, in: model)
        case .any(let path, let sub), .all(let path, let sub):
            guard let destination = model.destination(ofPath: path, from: entity) else { return [path] }
            return [path] + sub.relationshipPaths(from: destination, in: model).map { path + $0 }
        }
    }
}
