import DataModel

/// An entity with its inherited properties, each with its resolved Swift name, before text is produced.
struct ResolvedEntity {
    /// An attribute and how it is stored.
    struct ResolvedAttribute {
        let attribute: Attribute
        let name: SwiftName
        let storage: AttributeTranslator.Storage
        let declaringEntity: String
    }

    /// A relationship with its destination's class.
    struct ResolvedRelationship {
        let relationship: Relationship
        let name: SwiftName
        let destinationClassName: String
        let inverseName: String?
        let declaringEntity: String
    }

    let entity: Entity
    let className: String
    /// The parent entity's class name, when the entity has a parent the model declares.
    var parentClassName: String?
    /// Attributes in schema order, inherited first.
    var attributes: [ResolvedAttribute]
    /// Relationships in schema order, inherited first.
    var relationships: [ResolvedRelationship]
    /// The names the class's members use, for subclasses.
    var members: MemberNames
}

/// Resolves entities parents first, so a subentity sees its inherited members under the names they got.
struct EntityResolver {
    let index: ModelIndex
    let names: NameResolver
    let attributeTranslator: AttributeTranslator
    private(set) var resolved: [String: ResolvedEntity] = [:]

    init(index: ModelIndex, names: NameResolver, attributeTranslator: AttributeTranslator) {
        self.index = index
        self.names = names
        self.attributeTranslator = attributeTranslator
    }

    /// The resolved form of `entity`, resolving its parents first.
    mutating func resolve(_ entity: Entity, log: inout IssueLog) -> ResolvedEntity {
        if let done = resolved[entity.name] { return done }
        let chain = index.inheritanceChain(of: entity)
        var base = ResolvedEntity(entity: entity, className: names.classNames[entity.name] ?? entity.name,
                                  parentClassName: nil, attributes: [], relationships: [],
                                  members: MemberNames(used: [], reserved: names.reservedPropertyNames))
        if chain.count > 1 {
            let parentResolved = resolve(chain[1], log: &log)
            base.attributes = parentResolved.attributes
            base.relationships = parentResolved.relationships
            base.members = parentResolved.members
            base.parentClassName = parentResolved.className
        }
        for attribute in entity.attributes {
            guard let storage = attributeTranslator.storage(of: attribute, log: &log) else { continue }
            let name = base.members.property(attribute.name, userInfo: attribute.userInfo, location: attribute.location, log: &log)
            base.attributes.append(.init(attribute: attribute, name: name, storage: storage, declaringEntity: entity.name))
        }
        for relationship in entity.relationships {
            guard let destinationClass = names.classNames[relationship.destinationEntityName] else {
                log.error("relationship '\(relationship.name)' points to entity '\(relationship.destinationEntityName)', which the model does not have", at: relationship.location)
                continue
            }
            let name = base.members.property(relationship.name, userInfo: relationship.userInfo, location: relationship.location,
                                             mutators: MemberNames.relationshipMutators, log: &log)
            base.relationships.append(.init(relationship: relationship, name: name, destinationClassName: destinationClass,
                                            inverseName: consistentInverse(of: relationship, in: entity, log: &log),
                                            declaringEntity: entity.name))
        }
        resolved[entity.name] = base
        return base
    }

    /// The inverse's name when the destination's relationship of that name points back; `nil` (with a
    /// warning) when the pair is inconsistent, so the runtime never keeps a one-sided inverse.
    private func consistentInverse(of relationship: Relationship, in entity: Entity, log: inout IssueLog) -> String? {
        guard let inverseName = relationship.inverseName, !inverseName.isEmpty else { return nil }
        let destination = index.entities[relationship.destinationEntityName]
        let inverse = destination.flatMap { destinationEntity in
            index.inheritanceChain(of: destinationEntity).lazy.compactMap { $0.relationship(named: inverseName) }.first
        }
        let ownChain = Set(index.inheritanceChain(of: entity).map(\.name))
        guard let inverse, inverse.inverseName == relationship.name, ownChain.contains(inverse.destinationEntityName) else {
            log.warning("relationship '\(relationship.name)' names inverse '\(inverseName)', which does not point back to it; generated without an inverse", at: relationship.location)
            return nil
        }
        return inverseName
    }
}
