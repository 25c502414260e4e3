import DataModel

extension SchemaDiff {
    /// Steps and problems of the stored relationships of a matched entity; returns the new name of each
    /// surviving old relationship.
    mutating func compareRelationships(_ previous: StoredSchema.StoredEntity, _ entity: StoredSchema.StoredEntity,
                                       parentUnchanged: Bool) -> [String: String] {
        let match = match(previous.relationships, entity.relationships, from: previous.name, to: entity.name, parentUnchanged: parentUnchanged)
        for (before, after) in match.kept {
            if let before {
                compare(before.relationship, after.relationship, in: entity.name)
            } else {
                addRelationship(after.relationship, to: entity.name)
            }
        }
        for relationship in match.removed {
            add(.removeRelationship(entity: previous.name, relationship: relationship.name), at: entity.entity.location)
        }
        return match.names
    }

    private mutating func addRelationship(_ relationship: Relationship, to entity: String) {
        add(.addRelationship(entity: entity, relationship: relationship.name, destination: relationship.destinationEntityName,
                             isToMany: relationship.isToMany), at: relationship.location)
        if !relationship.isOptional {
            problem("new relationship '\(entity).\(relationship.name)' is required in '\(new.versionName)', so objects from '\(old.versionName)' have no destination for it",
                    at: relationship.location)
        }
    }

    private mutating func compare(_ before: Relationship, _ after: Relationship, in entity: String) {
        let location = after.location
        if before.name != after.name {
            add(.renameRelationship(entity: entity, from: before.name, to: after.name), at: location)
        }
        let oldDestination = entityNames[before.destinationEntityName]
        if oldDestination != after.destinationEntityName {
            problem("relationship '\(entity).\(after.name)' leads to '\(before.destinationEntityName)' in '\(old.versionName)' and to '\(after.destinationEntityName)' in '\(new.versionName)'; its destinations cannot be carried over",
                    at: location)
        }
        if before.isToMany != after.isToMany {
            add(.changeCardinality(entity: entity, relationship: after.name, isToMany: after.isToMany), at: location)
        }
        if after.isToMany, before.isToMany, before.isOrdered != after.isOrdered {
            add(.changeOrdering(entity: entity, relationship: after.name, isOrdered: after.isOrdered), at: location)
        }
        if before.isOptional, !after.isOptional {
            problem("relationship '\(entity).\(after.name)' is optional in '\(old.versionName)' and required in '\(new.versionName)', so objects without a destination cannot be migrated",
                    at: location)
        } else if !before.isOptional, after.isOptional {
            add(.makeRelationshipOptional(entity: entity, relationship: after.name), at: location)
        }
    }
}
