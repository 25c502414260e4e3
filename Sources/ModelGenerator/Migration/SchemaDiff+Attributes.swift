import DataModel

extension SchemaDiff {
    /// Steps and problems of the stored attributes of a matched entity; returns the new name of each
    /// surviving old attribute, for comparing constraints and indexes.
    mutating func compareAttributes(_ previous: StoredSchema.StoredEntity, _ entity: StoredSchema.StoredEntity,
                                    parentUnchanged: Bool) -> [String: String] {
        let match = match(previous.attributes, entity.attributes, from: previous.name, to: entity.name, parentUnchanged: parentUnchanged)
        for (before, after) in match.kept {
            if let before { compare(before, after, in: entity.name) } else { addAttribute(after, to: entity) }
        }
        for attribute in match.removed {
            add(.removeAttribute(entity: previous.name, attribute: attribute.name), at: entity.entity.location)
        }
        return match.names
    }

    private mutating func addAttribute(_ attribute: StoredSchema.StoredAttribute, to entity: StoredSchema.StoredEntity) {
        let value = attribute.attribute
        add(.addAttribute(entity: entity.name, attribute: value.name, type: value.type, isOptional: value.isOptional,
                          defaultValue: value.defaultValue), at: value.location)
        if !value.isOptional, value.defaultValue == nil, !value.isDerived {
            problem("new attribute '\(entity.name).\(value.name)' is required and has no default value in '\(new.versionName)', so objects from '\(old.versionName)' have no value for it",
                    at: value.location)
        }
    }

    private mutating func compare(_ before: StoredSchema.StoredAttribute, _ after: StoredSchema.StoredAttribute, in entity: String) {
        let location = after.attribute.location
        let renamed = before.name != after.name
        if renamed {
            add(.renameAttribute(entity: entity, from: before.name, to: after.name), at: location)
        }
        if before.declaringEntity != after.declaringEntity, entityNames[before.declaringEntity] != after.declaringEntity {
            add(.moveAttribute(entity: entity, attribute: after.name, fromDeclaringEntity: before.declaringEntity,
                               toDeclaringEntity: after.declaringEntity), at: location)
        }
        let oldType = before.attribute.type, newType = after.attribute.type
        if oldType != newType {
            if AttributeTypeChange.isLossless(from: oldType, to: newType) {
                add(.changeAttributeType(entity: entity, attribute: after.name, from: oldType, to: newType), at: location)
            } else {
                let what = renamed ? "attribute '\(entity).\(after.name)' (renamed from '\(before.name)')" : "attribute '\(entity).\(after.name)'"
                problem("\(what) changes type from \(oldType.rawValue) in '\(old.versionName)' to \(newType.rawValue) in '\(new.versionName)', which can lose or cannot convert values",
                        at: location, alwaysError: renamed)
            }
        }
        if before.attribute.isOptional, !after.attribute.isOptional {
            add(.makeAttributeRequired(entity: entity, attribute: after.name, defaultValue: after.attribute.defaultValue), at: location)
            if after.attribute.defaultValue == nil {
                problem("attribute '\(entity).\(after.name)' is optional in '\(old.versionName)' and required without a default value in '\(new.versionName)', so objects without a value cannot be migrated",
                        at: location)
            }
        } else if !before.attribute.isOptional, after.attribute.isOptional {
            add(.makeAttributeOptional(entity: entity, attribute: after.name), at: location)
        }
    }
}
