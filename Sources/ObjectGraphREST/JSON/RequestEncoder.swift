import ObjectGraph

/// Request bodies: mapped attributes at their write key paths and to-one destinations at their foreign
/// keys. Identifier and read-only attributes are never sent (the server owns them), nor foreign keys
/// the mapping only reads.
enum RequestEncoder {
    /// What a body is for: a POST that creates the object, or an update.
    enum Purpose {
        case create
        case update
    }

    /// The body for the attributes at `indices` with `values` (aligned with the entity's attributes) and
    /// the to-ones at `toOnes`; to-ones whose destination has no identifier yet are left to the caller.
    static func body(
        _ entity: CompiledEntity, for purpose: Purpose, values: [AttributeValue], indices: Set<Int>,
        toOnes: [(MappedRelationship, AnyObjectID?)]
    ) -> JSONValue {
        var body = JSONValue.object([:])
        for attribute in entity.attributes
        where indices.contains(attribute.index) && attribute.index != entity.identifierIndex && !attribute.isReadOnly {
            let json = ValueCoding.json(values[attribute.index], type: attribute.description.type, format: attribute.format)
            body = body.setting(json, at: (purpose == .create ? attribute.createKeyPath : attribute.updateKeyPath)[...])
        }
        for (relationship, destination) in toOnes {
            guard relationship.mapping.writesForeignKey, let key = relationship.mapping.foreignKey else { continue }
            if let destination {
                guard let identifier = CompiledEntity.json(for: destination.key) else { continue }
                body = body.setting(identifier, at: [key])
            } else {
                body = body.setting(.null, at: [key])
            }
        }
        return body
    }

    /// `body` with the entity's discriminator (`rest.entityValue` under the hierarchy's `rest.entityKey`),
    /// which a POST sends so the server knows what it creates.
    static func withEntityValue(_ body: JSONValue, of entity: CompiledEntity, in compiled: CompiledModel) -> JSONValue {
        guard let key = compiled.entityKey(of: entity), let value = entity.mapping.entityValue else { return body }
        return body.setting(.string(value), at: [key])
    }

    /// Whether `body` has nothing to send.
    static func isEmpty(_ body: JSONValue) -> Bool {
        if case .object(let members) = body { return members.isEmpty }
        return false
    }
}
