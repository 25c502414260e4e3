import ObjectGraph

/// Reads objects from one response into a view of the store's cache (a ``CacheOverlay``, a read's or a
/// save's), checking every value against the model. The caller applies the view's writes only when the
/// whole response decoded, so a bad response changes nothing.
struct ResponseDecoder {
    let compiled: CompiledModel
    /// The URL of the response being read, for error messages.
    var url: String
    var cache: CacheOverlay

    /// The objects of a list response: the document itself when it is an array, otherwise the array
    /// under the first of `keys` the document has (envelopes such as `{"results": [...]}`).
    static func list(in document: JSONValue, keys: [String?], url: String) throws(RESTError) -> [JSONValue] {
        if case .array(let items) = document { return items }
        let keys = keys.compactMap(\.self)
        for key in keys {
            if case .array(let items)? = document[keyPath: [key]] { return items }
        }
        let expected = "expected a list" + (keys.isEmpty ? "" : " or an object with " + keys.joined(separator: " or "))
        throw .malformedDocument(url: url, reason: expected, excerpt: document.excerpt)
    }

    /// The object of a single-object response: the document, or the object under the entity's envelope.
    func single(in document: JSONValue, entity: CompiledEntity) -> JSONValue {
        if document[keyPath: [entity.mapping.identifierKey]] == nil, let envelope = entity.mapping.envelope,
           case .object? = document[keyPath: [envelope]] {
            return document[keyPath: [envelope]] ?? document
        }
        return document
    }

    /// How complete the JSON of an object is.
    enum Completeness {
        /// The server's representation of the object (a GET's answer, or an object nested in any answer):
        /// it carries every required attribute without a default.
        case representation
        /// A save's answer (`POST`, `PATCH`): it may carry only some keys; absent ones keep what was sent.
        case saveAnswer
    }

    /// Reads one object (and the objects nested in it) and returns its ID. A `representation` must
    /// carry every required attribute without a default, for a cached object too (it throws
    /// ``RESTError/missingAttribute(entity:attribute:key:identifier:url:)`` otherwise); any other key
    /// the JSON lacks leaves the known value untouched (for an object seen for the first time, the
    /// attribute's default, or the values of `seed`, such as what a POST sent); `null` clears optional
    /// values.
    /// In a hierarchy with an entity key (`rest.entityKey`), the object is read as the entity its value
    /// names; it must be present unless the object is already known.
    mutating func decodeObject(
        _ json: JSONValue, as requested: CompiledEntity, seed: CachedObject? = nil, completeness: Completeness = .representation
    ) throws(RESTError) -> AnyObjectID {
        guard case .object = json else {
            throw .malformedDocument(url: url, reason: "expected a \(requested.entity.name) object", excerpt: json.excerpt)
        }
        guard let identifier = json[keyPath: [requested.mapping.identifierKey]] else {
            throw .missingKey(entity: requested.entity.name, key: requested.mapping.identifierKey, url: url)
        }
        let id = try requested.objectID(for: identifier, url: url)
        let known = seed?.entityName ?? cache[id]?.entityName
        let entity = try compiled.concreteEntity(for: json, as: requested, known: known, url: url)
        let cached = cache[id].flatMap { $0.entityName == entity.entity.name ? $0 : nil }
        let isNew = cached == nil && seed == nil
        var object = cached ?? seed ?? CachedObject(entity: entity.entity)
        var seen: Set<Int> = []
        for attribute in entity.attributes {
            guard let value = json[keyPath: attribute.keyPath] else { continue }
            guard let converted = ValueCoding.attributeValue(value, type: attribute.description.type, format: attribute.format),
                  !(converted.isNull && !attribute.description.isOptional) else {
                throw .typeMismatch(entity: entity.entity.name, key: attribute.keyPath.joined(separator: "."),
                                    expected: attribute.description.type.rawValue, value: value.excerpt, url: url)
            }
            object.values[attribute.index] = converted
            seen.insert(attribute.index)
        }
        if let index = entity.identifierIndex, let value = CompiledEntity.identifierValue(for: id.key) {
            object.values[index] = value
            seen.insert(index)
        }
        if isNew || completeness == .representation { try requireValues(of: entity, id: id, seen: seen) }
        cache.describe(object, id: id)
        for index in entity.relationships.keys.sorted() {
            if let relationship = entity.relationships[index] {
                try decodeRelationship(relationship, of: id, in: json)
            }
        }
        return id
    }

    private func requireValues(of entity: CompiledEntity, id: AnyObjectID, seen: Set<Int>) throws(RESTError) {
        for (index, key) in entity.requiredKeys where !seen.contains(index) {
            throw .missingAttribute(entity: entity.entity.name, attribute: entity.entity.attributes[index].name, key: key,
                                    identifier: id.key.description, url: url)
        }
    }

    private mutating func decodeRelationship(_ relationship: MappedRelationship, of id: AnyObjectID, in json: JSONValue) throws(RESTError) {
        let mapping = relationship.mapping
        let name = relationship.description.name
        if let key = mapping.key, let value = json[keyPath: [key]] {
            let destination = try compiled.entity(relationship.description.destinationEntityName)
            if relationship.description.isToMany {
                guard case .array(let items) = value else { throw mismatch(relationship, key: key, value, expected: "an array of objects") }
                var members: [AnyObjectID] = []
                for item in items {
                    let member = try decodeObject(item, as: destination)
                    try requireKind(of: member, relationship, key: key, item)
                    cache.link(member, toOwner: id, through: relationship, in: compiled.model)
                    members.append(member)
                }
                cache.list(members, for: RelationKey(owner: id, relationship: name))
            } else if let slot = relationship.toOneSlot {
                switch value {
                case .null: cache.setToOne(at: slot, of: id, to: nil)
                case .object:
                    let destinationID = try decodeObject(value, as: destination)
                    try requireKind(of: destinationID, relationship, key: key, value)
                    cache.setToOne(at: slot, of: id, to: destinationID)
                default: throw mismatch(relationship, key: key, value, expected: "an object or null")
                }
            }
        }
        if let key = mapping.foreignKey, let value = json[keyPath: [key]] {
            if relationship.description.isToMany {
                guard case .array(let items) = value else { throw mismatch(relationship, key: key, value, expected: "an array of identifiers") }
                var members: [AnyObjectID] = []
                for item in items { members.append(try destinationID(item, of: relationship, key: key)) }
                cache.list(members, for: RelationKey(owner: id, relationship: name))
            } else if let slot = relationship.toOneSlot {
                let destination = value == .null ? nil : try destinationID(value, of: relationship, key: key)
                cache.setToOne(at: slot, of: id, to: destination)
            }
        }
    }

    /// A nested object whose entity key names an entity outside the relationship's destination (an
    /// `Audiobook` where a `Podcast` belongs) is a type mismatch.
    private func requireKind(of id: AnyObjectID, _ relationship: MappedRelationship, key: String, _ value: JSONValue) throws(RESTError) {
        let destination = relationship.description.destinationEntityName
        guard let name = cache[id]?.entityName, !compiled.model.isEntity(name, kindOf: destination) else { return }
        throw mismatch(relationship, key: key, value, expected: "a \(destination) object")
    }

    private func destinationID(_ value: JSONValue, of relationship: MappedRelationship, key: String) throws(RESTError) -> AnyObjectID {
        let objectKey = try CompiledEntity.key(value, entity: relationship.description.destinationEntityName, key: key, url: url)
        return AnyObjectID(entityName: relationship.destinationRoot, key: objectKey)
    }

    private func mismatch(_ relationship: MappedRelationship, key: String, _ value: JSONValue, expected: String) -> RESTError {
        .typeMismatch(entity: relationship.sourceEntity, key: key, expected: expected, value: value.excerpt, url: url)
    }
}
