/// Resolves a predicate key path (`repository.fullName`, `albums.title`) against the model's entities.
struct KeyPathResolver {
    /// What a key path ends at.
    enum Terminal {
        case attribute(ResolvedEntity.ResolvedAttribute)
        case toOne(ResolvedEntity.ResolvedRelationship)
    }

    /// A key path up to its terminal, or up to the first to-many relationship when it crosses one.
    struct ResolvedPath {
        /// The class whose `Fields` the path starts from.
        let rootClass: String
        /// The Swift names along the path (`repository`, `fullName`).
        let swiftNames: [String]
        /// What the path ends at, when it does not cross a to-many relationship.
        let terminal: Terminal?
        /// The to-many relationship the path crosses (its last Swift name), and the rest of the path after it.
        let toMany: (relationship: ResolvedEntity.ResolvedRelationship, rest: [PredicateKeyPathComponent])?

        /// `\Root.Fields.a.b`.
        var code: String { "\\\(rootClass).Fields." + swiftNames.joined(separator: ".") }
    }

    let entities: [String: ResolvedEntity]

    /// Resolves `components` from `entityName`, stopping after the first to-many relationship.
    func resolve(_ components: [PredicateKeyPathComponent], from entityName: String) throws(PredicateTranslationError) -> ResolvedPath {
        guard let root = entities[entityName] else {
            throw .invalid("unknown entity '\(entityName)'", at: components.first?.location ?? PredicateLocation(offset: 0, line: 1, column: 1))
        }
        var current = root
        var names: [String] = []
        for (position, component) in components.enumerated() {
            guard case .key(let key) = component.kind else {
                throw .unsupported("collection operators such as @count are not supported in typed predicates", at: component.location)
            }
            let isLast = position == components.count - 1
            if let attribute = current.attributes.last(where: { $0.attribute.name == key }) {
                guard isLast else {
                    throw .invalid("attribute '\(key)' of entity '\(current.entity.name)' has no key '\(Self.name(of: components[position + 1]))'",
                                   at: components[position + 1].location)
                }
                names.append(attribute.name.escaped)
                return ResolvedPath(rootClass: root.className, swiftNames: names, terminal: .attribute(attribute), toMany: nil)
            }
            guard let relationship = current.relationships.last(where: { $0.relationship.name == key }) else {
                throw .invalid("entity '\(current.entity.name)' has no attribute or relationship '\(key)'", at: component.location)
            }
            names.append(relationship.name.escaped)
            if relationship.relationship.isToMany {
                return ResolvedPath(rootClass: root.className, swiftNames: names, terminal: nil,
                                    toMany: (relationship, Array(components[(position + 1)...])))
            }
            if isLast {
                return ResolvedPath(rootClass: root.className, swiftNames: names, terminal: .toOne(relationship), toMany: nil)
            }
            guard let next = entities[relationship.relationship.destinationEntityName] else {
                throw .invalid("relationship '\(key)' points to an unknown entity", at: component.location)
            }
            current = next
        }
        throw .invalid("empty key path", at: components.first?.location ?? PredicateLocation(offset: 0, line: 1, column: 1))
    }

    private static func name(of component: PredicateKeyPathComponent) -> String {
        switch component.kind {
        case .key(let key): key
        case .collectionOperator(let op): "@" + op.rawValue
        }
    }
}
