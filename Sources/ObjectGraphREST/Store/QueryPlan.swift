import ObjectGraph

/// What of a fetch's predicate travels in the URL: `attribute == value` parts of its top-level `AND`
/// that the endpoint accepts as query parameters, and equality values that fill the list URL's
/// placeholders. The store still evaluates the whole predicate on what comes back.
struct QueryPlan {
    private(set) var query: [(String, String)] = []
    private var equalities: [[String]: AttributeValue] = [:]

    init(_ predicate: StorePredicate, entity: CompiledEntity, parameters: [String: [String: String]]) {
        let parts: [StorePredicate] = if case .and(let parts) = predicate { parts } else { [predicate] }
        let names = parameters[entity.entity.name] ?? [:]
        for part in parts {
            guard case .compare(let path, .equal, let value, let options) = part, options.isEmpty, !value.isNull else { continue }
            equalities[path] = value
            if path.count == 1, let name = names[path[0]], let text = ValueCoding.text(value) {
                query.append((name, text))
            }
        }
    }

    /// The value an equality part gives the attribute at `keyPath`, if any.
    func equalityValue(at keyPath: [String]) -> AttributeValue? {
        equalities[keyPath]
    }
}

/// Reads cached objects for the shared in-memory evaluator.
struct CacheResolver: ObjectResolver {
    let cache: ObjectCache
    let model: ModelDescription

    func value(of object: AnyObjectID, attributeAt index: Int) -> AttributeValue {
        guard let values = cache.objects[object]?.values, values.indices.contains(index) else { return .null }
        return values[index]
    }

    func destination(of object: AnyObjectID, toOneAt index: Int) -> AnyObjectID? {
        guard let cached = cache.objects[object], let entity = model.entity(named: cached.entityName),
              let slot = entity.toOneSlot(forRelationshipAt: index) else { return nil }
        return cached.toOneIDs[slot]
    }

    func destinations(of object: AnyObjectID, toManyAt index: Int) -> [AnyObjectID] {
        guard let cached = cache.objects[object], let entity = model.entity(named: cached.entityName),
              entity.relationships.indices.contains(index) else { return [] }
        return cache.related[RelationKey(owner: object, relationship: entity.relationships[index].name)] ?? []
    }
}
