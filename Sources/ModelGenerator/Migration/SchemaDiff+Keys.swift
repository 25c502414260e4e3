import DataModel

extension SchemaDiff {
    /// Uniqueness constraints and indexes added or removed, comparing the old ones under the properties'
    /// new names. Those inherited unchanged from an unchanged parent are reported on the parent.
    mutating func compareKeys(_ previous: StoredSchema.StoredEntity, _ entity: StoredSchema.StoredEntity,
                              propertyNames: [String: String], parentUnchanged: Bool) {
        let inherited = parentUnchanged ? inheritedGroups(of: entity.entity, in: new) : (constraints: [], indexes: [])
        let wasInherited = parentUnchanged ? inheritedGroups(of: previous.entity, in: old) : (constraints: [], indexes: [])
        let renamed = { (group: [String]) in group.map { propertyNames[$0] ?? $0 } }
        let oldConstraints = Set(previous.constraints.map { Set(renamed($0)) })
        let newConstraints = Set(entity.constraints.map(Set.init))
        for group in entity.constraints where !oldConstraints.contains(Set(group)) && !inherited.constraints.contains(group) {
            add(.addUniquenessConstraint(entity: entity.name, properties: group), at: location(ofConstraint: group, in: entity.entity))
        }
        for group in previous.constraints where !newConstraints.contains(Set(renamed(group))) && !wasInherited.constraints.contains(group) {
            add(.removeUniquenessConstraint(entity: previous.name, properties: group), at: entity.entity.location)
        }
        let oldIndexes = Set(previous.indexes.map { renamed($0.properties) })
        let newIndexes = Set(entity.indexes.map(\.properties))
        for index in entity.indexes where !oldIndexes.contains(index.properties) && !inherited.indexes.contains(index.properties) {
            add(.addIndex(entity: entity.name, name: index.name, properties: index.properties),
                at: location(ofIndex: index.properties, in: entity.entity))
        }
        for index in previous.indexes where !newIndexes.contains(renamed(index.properties)) && !wasInherited.indexes.contains(index.properties) {
            add(.removeIndex(entity: previous.name, name: index.name, properties: index.properties), at: entity.entity.location)
        }
    }

    /// The constraints and indexes `entity` inherits in `schema`.
    private func inheritedGroups(of entity: Entity, in schema: StoredSchema) -> (constraints: Set<[String]>, indexes: Set<[String]>) {
        guard let parentName = entity.parentEntityName, let parent = schema.entity(named: parentName) else { return ([], []) }
        return (Set(parent.constraints), Set(parent.indexes.map(\.properties)))
    }

    /// Where the constraint is declared on the entity itself, or the entity.
    private func location(ofConstraint group: [String], in entity: Entity) -> SourceLocation {
        entity.uniquenessConstraints.first { $0.propertyNames == group }?.location ?? entity.location
    }

    /// Where the index is declared on the entity itself, or the entity.
    private func location(ofIndex group: [String], in entity: Entity) -> SourceLocation {
        if let index = entity.fetchIndexes.first(where: { $0.elements.map(\.propertyName) == group }) { return index.location }
        if let index = entity.compoundIndexes.first(where: { $0.propertyNames == group }) { return index.location }
        if group.count == 1, let attribute = entity.attribute(named: group[0]) { return attribute.location }
        return entity.location
    }
}
