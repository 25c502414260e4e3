extension ValidationContext {
    /// Destinations, inverses, `ordered` and counts of every relationship.
    mutating func checkRelationships() {
        for entity in model.entities {
            for relationship in entity.relationships {
                check(relationship, of: entity)
            }
        }
    }

    private mutating func check(_ relationship: Relationship, of entity: Entity) {
        // Spelled only for a diagnostic (most relationships have none), from the names alone: a closure
        // capturing the entity would copy it.
        let name = { [entityName = entity.name, relationshipName = relationship.name] in "\(entityName).\(relationshipName)" }
        if relationship.isOrdered && !relationship.isToMany {
            log.warning("relationship '\(name())' is ordered but not to-many; 'ordered' is ignored", at: relationship.location)
        }
        if let minCount = relationship.minCount, let maxCount = relationship.maxCount, maxCount > 0, minCount > maxCount {
            log.warning("relationship '\(name())' has minCount \(minCount) above maxCount \(maxCount)", at: relationship.location)
        }
        guard !relationship.destinationEntityName.isEmpty else { return }
        guard let destination = entitiesByName[relationship.destinationEntityName] else {
            log.error("destination entity '\(relationship.destinationEntityName)' of relationship '\(name())' does not exist", at: relationship.location)
            return
        }
        checkInverse(of: relationship, named: name, on: entity, destination: destination)
    }

    private mutating func checkInverse(of relationship: Relationship, named name: () -> String, on entity: Entity, destination: Entity) {
        switch (relationship.inverseName, relationship.inverseEntityName) {
        case (nil, nil):
            return
        case (nil, _?), (_?, nil):
            log.warning("relationship '\(name())' names only half of its inverse (inverseName and inverseEntity go together)", at: relationship.location)
            return
        case let (inverseName?, inverseEntityName?):
            guard let inverseEntity = entitiesByName[inverseEntityName] else {
                log.error("inverse entity '\(inverseEntityName)' of relationship '\(name())' does not exist", at: relationship.location)
                return
            }
            if !isSameOrAncestor(inverseEntity, of: destination) {
                log.warning(
                    "inverse entity '\(inverseEntityName)' of relationship '\(name())' is not its destination '\(destination.name)'",
                    at: relationship.location
                )
            }
            guard let (owner, inverse) = self.relationship(named: inverseName, on: inverseEntity) else {
                log.error("inverse relationship '\(inverseEntityName).\(inverseName)' of '\(name())' does not exist", at: relationship.location)
                return
            }
            let inverseFullName = { [ownerName = owner.name, inverseName = inverse.name] in "\(ownerName).\(inverseName)" }
            checkAgreement(of: relationship, named: name, on: entity, with: inverse, named: inverseFullName)
        }
    }

    /// The inverse must lead back to `entity` and name `relationship` as its own inverse.
    private mutating func checkAgreement(
        of relationship: Relationship, named name: () -> String, on entity: Entity,
        with inverse: Relationship, named inverseName: () -> String
    ) {
        let backDestination = entitiesByName[inverse.destinationEntityName]
        guard let backDestination, isRelated(backDestination, entity) else {
            log.error(
                "inverse '\(inverseName())' of relationship '\(name())' leads to '\(inverse.destinationEntityName)', not back to '\(entity.name)'",
                at: relationship.location
            )
            return
        }
        guard let backName = inverse.inverseName else {
            log.warning("relationship '\(name())' names '\(inverseName())' as its inverse, but '\(inverseName())' has no inverse", at: relationship.location)
            return
        }
        let backEntityName = inverse.inverseEntityName ?? inverse.destinationEntityName
        let pointsBack = backName == relationship.name && entitiesByName[backEntityName].map { isRelated($0, entity) } == true
        if !pointsBack {
            log.warning(
                "inverses do not agree: '\(name())' names '\(inverseName())' as its inverse, but '\(inverseName())' names '\(backEntityName).\(backName)'",
                at: relationship.location
            )
        }
    }

    /// Whether one entity is the other or inherits from it.
    private func isRelated(_ first: Entity, _ second: Entity) -> Bool {
        isSameOrAncestor(first, of: second) || isSameOrAncestor(second, of: first)
    }

    /// Whether `candidate` is `entity` or one of its ancestors.
    private func isSameOrAncestor(_ candidate: Entity, of entity: Entity) -> Bool {
        chain(of: entity).contains { $0.name == candidate.name }
    }
}
