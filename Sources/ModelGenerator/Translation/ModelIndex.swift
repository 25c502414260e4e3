import DataModel

/// Constant-time lookups over a model's entities (the model's own lookups are linear, which is quadratic
/// over a 1,000-entity model).
struct ModelIndex {
    /// Entities by name (the first of duplicates).
    let entities: [String: Entity]
    /// Direct subentity names by parent name, in model order.
    let subentities: [String: [String]]

    init(_ model: Model) {
        entities = Dictionary(model.entities.map { ($0.name, $0) }) { first, _ in first }
        subentities = Dictionary(grouping: model.entities.filter { $0.parentEntityName != nil }) { $0.parentEntityName ?? "" }
            .mapValues { $0.map(\.name) }
    }

    /// `entity` and its ancestors, nearest first, stopping at a cycle or an unknown parent.
    func inheritanceChain(of entity: Entity) -> [Entity] {
        var chain = [entity]
        var seen: Set<String> = [entity.name]
        var current = entity
        while let parentName = current.parentEntityName, !seen.contains(parentName), let parent = entities[parentName] {
            chain.append(parent)
            seen.insert(parentName)
            current = parent
        }
        return chain
    }
}
