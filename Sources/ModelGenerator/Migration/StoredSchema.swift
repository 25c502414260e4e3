import DataModel

/// What a store keeps of one model version, entity by entity, with inherited properties, constraints and
/// indexes flattened in (inherited first), transient properties left out, and each element's renaming
/// key: its renaming ID (`elementID`) or else its name. ``MigrationPlanner`` diffs two of these.
struct StoredSchema {
    struct StoredAttribute: StoredProperty {
        let attribute: Attribute
        let declaringEntity: String
        var name: String { attribute.name }
        var key: String { attribute.renamingIdentifier ?? attribute.name }
        var location: SourceLocation { attribute.location }
    }

    struct StoredRelationship: StoredProperty {
        let relationship: Relationship
        let declaringEntity: String
        var name: String { relationship.name }
        var key: String { relationship.renamingIdentifier ?? relationship.name }
        var location: SourceLocation { relationship.location }
    }

    struct StoredEntity {
        let entity: Entity
        let attributes: [StoredAttribute]
        let relationships: [StoredRelationship]
        /// Uniqueness constraints, each as its property names in written order.
        let constraints: [[String]]
        /// Indexes (fetch indexes, compound indexes, indexed attributes and to-ones).
        let indexes: [StoredIndex]
        var name: String { entity.name }
        var key: String { entity.renamingIdentifier ?? entity.name }
    }

    let model: Model
    let versionName: String
    let path: String
    let entities: [StoredEntity]

    init(model: Model, versionName: String, path: String) {
        self.model = model
        self.versionName = versionName
        self.path = path
        self.entities = model.entities.map { entity in
            let chain = Array(model.inheritanceChain(of: entity).reversed())
            var attributes: [StoredAttribute] = [], relationships: [StoredRelationship] = []
            var constraints: [[String]] = [], indexes: [StoredIndex] = []
            for declaring in chain {
                attributes += declaring.attributes.filter { !$0.isTransient }.map { StoredAttribute(attribute: $0, declaringEntity: declaring.name) }
                relationships += declaring.relationships.filter { !$0.isTransient }.map { StoredRelationship(relationship: $0, declaringEntity: declaring.name) }
                constraints += declaring.uniquenessConstraints.map(\.propertyNames).filter { !$0.isEmpty }
                indexes += declaring.fetchIndexes.filter { !$0.elements.isEmpty }
                    .map { StoredIndex(properties: $0.elements.map(\.propertyName), name: $0.name) }
                indexes += declaring.compoundIndexes.filter { !$0.propertyNames.isEmpty }
                    .map { StoredIndex(properties: $0.propertyNames, name: IndexLiteral.compoundName($0)) }
                indexes += declaring.attributes.filter { $0.isIndexed && !$0.isTransient }.map { StoredIndex(properties: [$0.name], name: $0.name) }
                indexes += declaring.relationships.filter { $0.isIndexed && !$0.isTransient && !$0.isToMany }
                    .map { StoredIndex(properties: [$0.name], name: nil) }
            }
            return StoredEntity(entity: entity, attributes: attributes, relationships: relationships,
                                constraints: Self.unique(constraints) { $0 }, indexes: Self.unique(indexes, by: \.properties))
        }
    }

    func entity(named name: String) -> StoredEntity? {
        entities.first { $0.name == name }
    }

    private static func unique<Element>(_ elements: [Element], by key: (Element) -> [String]) -> [Element] {
        var seen: Set<[String]> = []
        return elements.filter { seen.insert(key($0)).inserted }
    }
}

/// An attribute or relationship as a store keeps it, for matching across versions.
protocol StoredProperty {
    var name: String { get }
    /// The renaming ID, or else the name.
    var key: String { get }
    var location: SourceLocation { get }
    /// The entity that declares it (the entity itself or an ancestor).
    var declaringEntity: String { get }
}

/// An index as a store keeps it: its properties in order, and the name the runtime knows it by (a fetch
/// index's name, a compound index's ``IndexLiteral/compoundName(_:)``, an indexed attribute's name; `nil`
/// for an indexed to-one, which the runtime schema does not carry: stores index every to-one).
struct StoredIndex {
    let properties: [String]
    let name: String?
}
