import DataModel

/// The runtime's `MigrationStep` literal of an inferred change, or `nil` for an index the runtime schema
/// does not carry (an indexed to-one: stores index every to-one) or a change that a custom step performs
/// (a required attribute without a default).
enum RuntimeStepLiteral {
    /// The literal of `change`; `storesJSON(entity, attribute)` tells whether the newer version stores
    /// the attribute as JSON (its default then stays out of the schema, and out of the step).
    static func literal(of change: MigrationChange, storesJSON: (String, String) -> Bool) -> String? {
        let q = SwiftSource.string
        func value(_ entity: String, _ attribute: String, _ value: AttributeValue?) -> String {
            guard let value, !storesJSON(entity, attribute) else { return "nil" }
            return ValueLiterals.schemaLiteral(value) ?? "nil"
        }
        switch change {
        case .addEntity(let name): return ".addEntity(\(q(name)))"
        case .removeEntity(let name): return ".removeEntity(\(q(name)))"
        case .renameEntity(let from, let to): return ".renameEntity(from: \(q(from)), to: \(q(to)))"
        case .changeParent(let entity, let from, let to):
            return ".changeParent(entity: \(q(entity)), from: \(from.map(q) ?? "nil"), to: \(to.map(q) ?? "nil"))"
        case .changeOrdering(let entity, let relationship, let isOrdered):
            return ".changeRelationshipOrdering(entity: \(q(entity)), relationship: \(q(relationship)), isOrdered: \(isOrdered))"
        case .makeRelationshipOptional(let entity, let relationship):
            return ".makeRelationshipOptional(entity: \(q(entity)), relationship: \(q(relationship)))"
        case .addAttribute(let entity, let attribute, _, _, let defaultValue):
            return ".addAttribute(entity: \(q(entity)), attribute: \(q(attribute)), defaultValue: \(value(entity, attribute, defaultValue)))"
        case .removeAttribute(let entity, let attribute):
            return ".removeAttribute(entity: \(q(entity)), attribute: \(q(attribute)))"
        case .renameAttribute(let entity, let from, let to):
            return ".renameAttribute(entity: \(q(entity)), from: \(q(from)), to: \(q(to)))"
        case .moveAttribute(_, let attribute, let from, let to):
            return ".moveAttribute(\(q(attribute)), from: \(q(from)), to: \(q(to)))"
        case .makeAttributeRequired(let entity, let attribute, let defaultValue):
            let fill = value(entity, attribute, defaultValue)
            return fill == "nil" ? nil : ".makeAttributeRequired(entity: \(q(entity)), attribute: \(q(attribute)), fillValue: \(fill))"
        case .makeAttributeOptional(let entity, let attribute):
            return ".makeAttributeOptional(entity: \(q(entity)), attribute: \(q(attribute)))"
        case .changeAttributeType(let entity, let attribute, let from, let to):
            return ".changeAttributeType(entity: \(q(entity)), attribute: \(q(attribute)), from: .\(AttributeTypeMapping.schemaType(for: from)), to: .\(AttributeTypeMapping.schemaType(for: to)))"
        case .addRelationship(let entity, let relationship, _, _):
            return ".addRelationship(entity: \(q(entity)), relationship: \(q(relationship)))"
        case .removeRelationship(let entity, let relationship):
            return ".removeRelationship(entity: \(q(entity)), relationship: \(q(relationship)))"
        case .renameRelationship(let entity, let from, let to):
            return ".renameRelationship(entity: \(q(entity)), from: \(q(from)), to: \(q(to)))"
        case .changeCardinality(let entity, let relationship, let isToMany):
            return ".changeRelationshipCardinality(entity: \(q(entity)), relationship: \(q(relationship)), isToMany: \(isToMany))"
        case .addUniquenessConstraint(let entity, let properties):
            return ".addUniquenessConstraint(entity: \(q(entity)), properties: [\(properties.map(q).joined(separator: ", "))])"
        case .removeUniquenessConstraint(let entity, let properties):
            return ".removeUniquenessConstraint(entity: \(q(entity)), properties: [\(properties.map(q).joined(separator: ", "))])"
        case .addIndex(let entity, let name, _):
            return name.map { ".addIndex(entity: \(q(entity)), name: \(q($0)))" }
        case .removeIndex(let entity, let name, _):
            return name.map { ".removeIndex(entity: \(q(entity)), name: \(q($0)))" }
        }
    }
}
