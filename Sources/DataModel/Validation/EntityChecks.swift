extension ValidationContext {
    /// Duplicate entities and properties, missing parents, inheritance cycles, and properties
    /// that redeclare an inherited one.
    mutating func checkEntities() {
        reportDuplicates(model.entities.map { ($0.name, $0.location) }, kind: "entity")
        for entity in model.entities {
            reportDuplicates(entity.declaredProperties, kind: "property in entity '\(entity.name)'")
            guard let parentName = entity.parentEntityName else { continue }
            guard entitiesByName[parentName] != nil else {
                log.error("parent entity '\(parentName)' of entity '\(entity.name)' does not exist", at: entity.location)
                continue
            }
            if let cycle = inheritanceCycle(from: entity) {
                log.error("inheritance cycle: \(cycle.joined(separator: " -> "))", at: entity.location)
                continue
            }
            checkRedeclaredProperties(of: entity)
        }
    }

    /// The names on the path from `entity` back to itself, when its parents lead back to it.
    private func inheritanceCycle(from entity: Entity) -> [String]? {
        var path = [entity.name]
        var current = entity
        while let parentName = current.parentEntityName, let parent = entitiesByName[parentName] {
            path.append(parentName)
            if parentName == entity.name { return path }
            if path.dropLast().contains(parentName) { return nil }  // a cycle further up, reported there
            current = parent
        }
        return nil
    }

    private mutating func checkRedeclaredProperties(of entity: Entity) {
        let ancestors = chain(of: entity).dropFirst()
        for property in entity.declaredProperties {
            guard let owner = ancestors.first(where: { ancestor in
                ancestor.declaredProperties.contains { $0.name == property.name }
            }) else { continue }
            log.error(
                "property '\(property.name)' of entity '\(entity.name)' redeclares the property inherited from '\(owner.name)'",
                at: property.location
            )
        }
    }
}
