extension ValidationContext {
    /// Entities named by fetch requests, fetched properties and configurations, and properties
    /// named by uniqueness constraints and indexes.
    mutating func checkReferences() {
        reportDuplicates(model.fetchRequests.map { ($0.name, $0.location) }, kind: "fetch request template")
        for request in model.fetchRequests {
            checkEntityExists(request.entityName, usedBy: "fetch request '\(request.name)'", at: request.location)
        }
        reportDuplicates(model.configurations.map { ($0.name, $0.location) }, kind: "configuration")
        for configuration in model.configurations {
            for member in configuration.memberEntities {
                checkEntityExists(member.name, usedBy: "configuration '\(configuration.name)'", at: member.location)
            }
        }
        for entity in model.entities {
            for property in entity.fetchedProperties {
                guard let request = property.fetchRequest else { continue }
                checkEntityExists(request.entityName, usedBy: "fetched property '\(entity.name).\(property.name)'", at: request.location)
            }
            checkIndexedProperties(of: entity)
        }
    }

    private mutating func checkEntityExists(_ name: String, usedBy user: String, at location: SourceLocation) {
        guard !name.isEmpty, entitiesByName[name] == nil else { return }
        log.error("entity '\(name)' of \(user) does not exist", at: location)
    }

    private mutating func checkIndexedProperties(of entity: Entity) {
        let groups = entity.uniquenessConstraints.map { ("uniqueness constraint", $0.propertyNames, $0.location) }
            + entity.compoundIndexes.map { ("compound index", $0.propertyNames, $0.location) }
            + entity.fetchIndexes.map { ("fetch index '\($0.name)'", $0.elements.map(\.propertyName), $0.location) }
        for (kind, names, location) in groups {
            for name in names where !name.isEmpty && !hasProperty(named: name, on: entity) {
                log.error("\(kind) of entity '\(entity.name)' names '\(name)', which is not a property of the entity", at: location)
            }
        }
    }
}
