import ObjectGraph

/// Every mapped entity of a model, checked once when a store opens.
struct CompiledModel: Sendable {
    let model: ModelDescription
    private let entities: [String: CompiledEntity]
    /// By entity name, the placeholder key paths of list URLs, which fetches must pin with `==`.
    let listPlaceholders: [String: Set<[String]>]

    /// Compiles each entity's mapping: `overrides` first, then the one in the entity description.
    init(model: ModelDescription, overrides: [String: RESTEntityMapping]) throws(RESTError) {
        self.model = model
        var entities: [String: CompiledEntity] = [:]
        for entity in model.entities {
            guard let mapping = overrides[entity.name] ?? entity.rest else { continue }
            entities[entity.name] = try CompiledEntity(entity: entity, mapping: mapping, model: model)
        }
        self.entities = entities
        listPlaceholders = entities.compactMapValues { entity in
            entity.mapping.path.flatMap { $0.keyPaths.isEmpty ? nil : Set($0.keyPaths) }
        }
    }

    /// The compiled entity called `name`.
    /// - Throws: ``RESTError/notMapped(entity:reason:)`` when it has no mapping.
    func entity(_ name: String) throws(RESTError) -> CompiledEntity {
        guard let entity = entities[name] else { throw .notMapped(entity: name, reason: "REST mapping at all") }
        return entity
    }
}
