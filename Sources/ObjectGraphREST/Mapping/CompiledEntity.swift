import ObjectGraph

/// One mapped attribute, resolved to its index.
struct MappedAttribute: Sendable {
    let index: Int
    let description: AttributeDescription
    let keyPath: [String]
    let format: RESTValueFormat
    /// Where updates write the value.
    let updateKeyPath: [String]
    /// Where a POST that creates the object writes the value.
    let createKeyPath: [String]
    /// Whether saves never send the value.
    let isReadOnly: Bool

    init(index: Int, description: AttributeDescription, mapping: RESTAttributeMapping) {
        self.index = index
        self.description = description
        keyPath = mapping.keyPath
        format = mapping.format
        updateKeyPath = mapping.writeKeyPath ?? mapping.keyPath
        createKeyPath = mapping.createKeyPath ?? updateKeyPath
        isReadOnly = mapping.isReadOnly
    }
}

/// One mapped relationship, resolved to its index, its to-one slot and its destination.
struct MappedRelationship: Sendable {
    /// The entity that declares the relationship.
    let sourceEntity: String
    let index: Int
    let description: RelationshipDescription
    let mapping: RESTRelationshipMapping
    /// The position in snapshots' `toOneIDs`, for a to-one.
    let toOneSlot: Int?
    /// The destination entity's root, which names destination IDs.
    let destinationRoot: String
    /// The index of the inverse relationship on the destination, if the model declares one.
    let inverseIndex: Int?
    /// The relationship's URL (`rest.path`), resolved against the source entity.
    let path: CompiledPath?
}

/// An entity's REST mapping checked against the model and turned into index tables.
struct CompiledEntity: Sendable {
    let entity: EntityDescription
    let rootName: String
    let mapping: RESTEntityMapping
    /// The list URL (`rest.path`) and the object URL (`rest.objectPath`), resolved against the entity.
    let path: CompiledPath?
    let objectPath: CompiledPath?
    let attributes: [MappedAttribute]
    let identifierIndex: Int?
    /// The required attributes without a default (their key, or their name when unmapped) that every
    /// representation of an object must carry, by attribute index.
    let requiredKeys: [(index: Int, key: String)]
    /// Mapped relationships by relationship index.
    let relationships: [Int: MappedRelationship]
    /// The indices of the to-ones whose destination the list URL names (`repository` in
    /// `/repos/:repository.fullName/labels`): a POST there never sends their foreign keys.
    let toOnesNamedByListURL: Set<Int>

    /// Compiles `mapping`; `mappings(name)` is the mapping of the entity called `name`, whose identifier
    /// fills placeholders that end at it.
    init(
        entity: EntityDescription, mapping: RESTEntityMapping, model: ModelDescription, mappings: (String) -> RESTEntityMapping?
    ) throws(RESTError) {
        self.entity = entity
        self.rootName = model.rootEntityName(of: entity.name)
        self.mapping = mapping
        path = mapping.path.map { CompiledPath($0, from: entity, in: model, mapping: mappings) }
        objectPath = mapping.objectPath.map { CompiledPath($0, from: entity, in: model, mapping: mappings) }
        var attributes: [MappedAttribute] = []
        for attribute in mapping.attributes {
            guard let index = entity.attributeIndex(named: attribute.attribute), !attribute.keyPath.isEmpty,
                  attribute.writeKeyPath?.isEmpty != true, attribute.createKeyPath?.isEmpty != true else {
                throw .invalidMapping(entity: entity.name, reason: "no attribute \(attribute.attribute), or an empty key path")
            }
            attributes.append(MappedAttribute(index: index, description: entity.attributes[index], mapping: attribute))
        }
        self.attributes = attributes
        requiredKeys = entity.attributes.indices.compactMap { index in
            let attribute = entity.attributes[index]
            guard !attribute.isOptional && !attribute.isTransient && attribute.defaultValue == nil else { return nil }
            return (index, attributes.first { $0.index == index }?.keyPath.joined(separator: ".") ?? attribute.name)
        }
        if let name = mapping.identifierAttribute {
            guard let index = entity.attributeIndex(named: name),
                  [.integer16, .integer32, .integer64, .string].contains(entity.attributes[index].type) else {
                throw .invalidMapping(entity: entity.name, reason: "identifier attribute \(name) must be an integer or string attribute")
            }
            identifierIndex = index
        } else {
            identifierIndex = nil
        }
        var relationships: [Int: MappedRelationship] = [:]
        for relationship in mapping.relationships {
            guard let index = entity.relationshipIndex(named: relationship.relationship),
                  let destination = model.entity(named: entity.relationships[index].destinationEntityName) else {
                throw .invalidMapping(entity: entity.name, reason: "no relationship \(relationship.relationship)")
            }
            let description = entity.relationships[index]
            relationships[index] = MappedRelationship(
                sourceEntity: entity.name, index: index, description: description, mapping: relationship,
                toOneSlot: entity.toOneSlot(forRelationshipAt: index),
                destinationRoot: model.rootEntityName(of: destination.name),
                inverseIndex: description.inverseName.flatMap(destination.relationshipIndex(named:)),
                path: relationship.path.map { CompiledPath($0, from: entity, in: model, mapping: mappings) })
        }
        self.relationships = relationships
        toOnesNamedByListURL = Set((mapping.path?.keyPaths ?? []).filter { $0.count > 1 }.compactMap { keyPath in
            entity.relationshipIndex(named: keyPath[0])
        })
    }

    /// The ID for an identifier found in JSON.
    func objectID(for identifier: JSONValue, url: String) throws(RESTError) -> AnyObjectID {
        AnyObjectID(entityName: rootName, key: try Self.key(identifier, entity: entity.name, key: mapping.identifierKey, url: url))
    }

    /// An object key from a JSON identifier: integers and strings only.
    static func key(_ identifier: JSONValue, entity: String, key: String, url: String) throws(RESTError) -> ObjectKey {
        switch identifier {
        case .integer(let number): return .integer(number)
        case .string(let text): return .string(text)
        default: throw .typeMismatch(entity: entity, key: key, expected: "an integer or string identifier", value: identifier.excerpt, url: url)
        }
    }

    /// The identifier attribute's value for an object key.
    static func identifierValue(for key: ObjectKey) -> AttributeValue? {
        switch key {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        case .temporary: nil
        }
    }

    /// The object key an identifier attribute's value names (integers and strings), the inverse of
    /// ``identifierValue(for:)``.
    static func key(forIdentifierValue value: AttributeValue) -> ObjectKey? {
        switch value {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        default: nil
        }
    }

    /// The identifier as JSON.
    static func json(for key: ObjectKey) -> JSONValue? {
        switch key {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        case .temporary: nil
        }
    }
}
