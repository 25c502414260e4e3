/// What the checks share: the model, its entities by name, and the log they write to.
struct ValidationContext {
    let model: Model
    /// The first entity declared with each name.
    let entitiesByName: [String: Entity]
    /// The first composite declared with each name.
    let compositesByName: [String: CompositeType]
    var log: DiagnosticLog

    init(model: Model, path: String) {
        self.model = model
        self.entitiesByName = Dictionary(model.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.compositesByName = Dictionary(model.composites.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.log = DiagnosticLog(path: path)
    }

    /// `entity` and its existing ancestors, nearest first, stopping before a repeated entity.
    func chain(of entity: Entity) -> [Entity] {
        Model.inheritanceChain(of: entity) { entitiesByName[$0] }
    }

    /// The relationship named `name` on `entity` or an ancestor, with the entity that declares it.
    func relationship(named name: String, on entity: Entity) -> (owner: Entity, relationship: Relationship)? {
        for owner in chain(of: entity) {
            if let relationship = owner.relationship(named: name) { return (owner, relationship) }
        }
        return nil
    }

    /// Whether `entity` or one of its ancestors declares a property named `name`.
    func hasProperty(named name: String, on entity: Entity) -> Bool {
        chain(of: entity).contains { owner in owner.declaredProperties.contains { $0.name == name } }
    }

    /// Reports names declared twice in `items`, at the second declaration.
    mutating func reportDuplicates(_ items: [(name: String, location: SourceLocation)], kind: String) {
        var firstSeen: [String: SourceLocation] = [:]
        for item in items where !item.name.isEmpty {
            if let first = firstSeen[item.name] {
                log.error("duplicate \(kind) '\(item.name)' (first declared at line \(first.line))", at: item.location)
            } else {
                firstSeen[item.name] = item.location
            }
        }
    }
}
