import ObjectGraph

/// Every mapped entity of a model, checked once when a store opens.
struct CompiledModel: Sendable {
    let model: ModelDescription
    private let entities: [String: CompiledEntity]
    /// By entity name, the placeholder key paths of list URLs (which fetches must pin with `==`) and of
    /// object URLs (which, all pinned, let a fetch GET the one object).
    let pinnablePaths: [String: Set<[String]>]
    /// The attributes list and object URLs reach one step from a to-one (`fullName` of
    /// `/repos/:repository.fullName/issues`), by the root of the to-one's destination: the values a pinned
    /// fetch finds the object to link its objects to by (``PinnedValueIndex``).
    let pinnedAttributes: [(root: String, attribute: String)]
    /// By entity name, the to-manys the store cannot load: no URL (`rest.path`) and no identifier array
    /// (`rest.foreignKey`).
    let unloadableRelationships: [String: Set<String>]
    /// By root entity name, the JSON key naming the entities of the hierarchy (`rest.entityKey`).
    private let entityKeys: [String: String]
    /// By root entity name, the concrete entities of the hierarchy by their `rest.entityValue`.
    private let entityValues: [String: [String: String]]

    /// Compiles each entity's mapping: `overrides` first, then the one in the entity description.
    init(model: ModelDescription, overrides: [String: RESTEntityMapping]) throws(RESTError) {
        self.model = model
        var entities: [String: CompiledEntity] = [:]
        for entity in model.entities {
            guard let mapping = overrides[entity.name] ?? entity.rest else { continue }
            entities[entity.name] = try CompiledEntity(entity: entity, mapping: mapping, model: model) { name in
                overrides[name] ?? model.entity(named: name)?.rest
            }
        }
        self.entities = entities
        var entityKeys: [String: String] = [:]
        var entityValues: [String: [String: String]] = [:]
        for entity in entities.values.sorted(by: { $0.entity.name < $1.entity.name }) {
            guard let key = entity.mapping.entityKey else { continue }
            if let known = entityKeys[entity.rootName], known != key {
                throw .invalidMapping(entity: entity.entity.name, reason: "entity key \(key) differs from \(known) in the same hierarchy")
            }
            entityKeys[entity.rootName] = key
            guard let value = entity.mapping.entityValue, !entity.entity.isAbstract else { continue }
            if let other = entityValues[entity.rootName]?[value] {
                throw .invalidMapping(entity: entity.entity.name, reason: "entity value \(value) is also the value of \(other)")
            }
            entityValues[entity.rootName, default: [:]][value] = entity.entity.name
        }
        self.entityKeys = entityKeys
        self.entityValues = entityValues
        unloadableRelationships = entities.compactMapValues { entity in
            let names = entity.entity.relationships.enumerated().filter { index, relationship in
                let mapping = entity.relationships[index]?.mapping
                return relationship.isToMany && mapping?.path == nil && mapping?.foreignKey == nil
            }.map(\.element.name)
            return names.isEmpty ? nil : Set(names)
        }
        pinnablePaths = entities.compactMapValues { entity in
            let paths = Set((entity.mapping.path?.keyPaths ?? []) + (entity.mapping.objectPath?.keyPaths ?? []))
            return paths.isEmpty ? nil : paths
        }
        var pinned: Set<[String]> = []
        for entity in entities.values {
            for keyPath in pinnablePaths[entity.entity.name] ?? [] where keyPath.count == 2 {
                guard let index = entity.entity.relationshipIndex(named: keyPath[0]), !entity.entity.relationships[index].isToMany else { continue }
                pinned.insert([model.rootEntityName(of: entity.entity.relationships[index].destinationEntityName), keyPath[1]])
            }
        }
        pinnedAttributes = pinned.sorted { $0.lexicographicallyPrecedes($1) }.map { ($0[0], $0[1]) }
    }

    /// An empty object cache indexing the values of ``pinnedAttributes``.
    func emptyCache() -> ObjectCache {
        ObjectCache(pinnedValues: PinnedValueIndex(pinned: pinnedAttributes, in: model))
    }

    /// The compiled entity called `name`.
    /// - Throws: ``RESTError/notMapped(entity:reason:)`` when it has no mapping.
    func entity(_ name: String) throws(RESTError) -> CompiledEntity {
        guard let entity = entities[name] else { throw .notMapped(entity: name, reason: "REST mapping at all") }
        return entity
    }

    /// The JSON key naming the entity of objects in `entity`'s hierarchy, if it declares one.
    func entityKey(of entity: CompiledEntity) -> String? {
        entityKeys[entity.rootName]
    }

    /// The entity a JSON object read as `entity` is an instance of: the one its discriminator names when
    /// the hierarchy declares a key, else `entity`. A missing key falls back to `known` (the entity of an
    /// object already cached, or being inserted), else throws.
    func concreteEntity(for json: JSONValue, as entity: CompiledEntity, known: String?, url: String) throws(RESTError) -> CompiledEntity {
        guard let key = entityKeys[entity.rootName] else { return entity }
        guard let value = json[keyPath: [key]] else {
            if let known { return try self.entity(known) }
            throw .missingEntityKey(entity: entity.entity.name, key: key, url: url)
        }
        guard case .string(let text) = value, let name = entityValues[entity.rootName]?[text] else {
            throw .unknownEntityValue(entity: entity.entity.name, key: key, value: value.excerpt, url: url)
        }
        return try self.entity(name)
    }
}
