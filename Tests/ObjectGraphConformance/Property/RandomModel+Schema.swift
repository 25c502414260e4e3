import ObjectGraph

extension RandomModel {
    /// The model as the runtime's schema values: each entity's inherited properties first, as generated
    /// code declares them.
    public var schema: ModelDescription {
        ModelDescription(name: name, entities: entities.map(entityDescription))
    }

    /// The runtime description of `entity`, with the properties of its ancestors first.
    func entityDescription(_ entity: Entity) -> EntityDescription {
        let chain = lineage(of: entity)
        return EntityDescription(
            name: entity.name, parent: entity.parent, isAbstract: entity.isAbstract,
            attributes: chain.flatMap(\.attributes).map(Self.attributeDescription),
            relationships: chain.flatMap(\.relationships).map(Self.relationshipDescription))
    }

    static func attributeDescription(_ attribute: Attribute) -> AttributeDescription {
        AttributeDescription(name: attribute.name, type: attribute.type, isOptional: attribute.isOptional,
                             defaultValue: attribute.defaultValue)
    }

    static func relationshipDescription(_ relationship: Relationship) -> RelationshipDescription {
        RelationshipDescription(name: relationship.name, destination: relationship.destination, inverse: relationship.inverse,
                                isToMany: relationship.isToMany, isOrdered: relationship.isOrdered)
    }
}
