extension ModelDecoder {
    /// Decodes an `<entity>` and its children.
    mutating func decodeEntity(_ node: XMLElementNode) -> Entity {
        var reader = ElementReader(node)
        var entity = Entity(name: reader.requiredString("name", log: &log), location: node.location)
        entity.representedClassName = reader.string("representedClassName")
        (entity.className, entity.classModuleName) = ClassName.split(entity.representedClassName)
        entity.parentEntityName = reader.nonEmptyString("parentEntity")
        entity.isAbstract = reader.flag("isAbstract", log: &log)
        entity.codeGenerationType = reader.nonEmptyString("codeGenerationType")
        entity.renamingIdentifier = reader.nonEmptyString("elementID")
        entity.versionHashModifier = reader.nonEmptyString("versionHashModifier")
        reader.ignore("syncable")
        entity.unknownAttributes = reader.unknownAttributes(log: &log)
        for child in node.children {
            switch child.name {
            case "attribute": entity.attributes.append(decodeAttribute(child))
            case "relationship": entity.relationships.append(decodeRelationship(child))
            case "fetchedProperty": entity.fetchedProperties.append(decodeFetchedProperty(child))
            case "fetchIndex": entity.fetchIndexes.append(decodeFetchIndex(child))
            case "uniquenessConstraints":
                entity.uniquenessConstraints += decodePropertyGroups(child, group: "uniquenessConstraint", member: "constraint")
            case "compoundIndexes":
                entity.compoundIndexes += decodePropertyGroups(child, group: "compoundIndex", member: "index")
            case "userInfo": entity.userInfo = decodeUserInfo(child)
            default: entity.unknownElements.append(unknownElement(child, in: node))
            }
        }
        return entity
    }

    /// Decodes a `<relationship>`.
    mutating func decodeRelationship(_ node: XMLElementNode) -> Relationship {
        var reader = ElementReader(node)
        var relationship = Relationship(
            name: reader.requiredString("name", log: &log),
            destinationEntityName: reader.requiredString("destinationEntity", log: &log),
            location: node.location
        )
        relationship.inverseName = reader.nonEmptyString("inverseName")
        relationship.inverseEntityName = reader.nonEmptyString("inverseEntity")
        relationship.isToMany = reader.flag("toMany", log: &log)
        relationship.isOrdered = reader.flag("ordered", log: &log)
        relationship.minCount = reader.integer("minCount", log: &log)
        relationship.maxCount = reader.integer("maxCount", log: &log)
        relationship.isOptional = reader.flag("optional", log: &log)
        relationship.isTransient = reader.flag("transient", log: &log)
        relationship.isIndexed = reader.flag("indexed", log: &log)
        relationship.renamingIdentifier = reader.nonEmptyString("elementID")
        relationship.versionHashModifier = reader.nonEmptyString("versionHashModifier")
        relationship.deleteRule = decodeDeleteRule(&reader)
        reader.ignore("syncable")
        relationship.unknownAttributes = reader.unknownAttributes(log: &log)
        for child in node.children {
            switch child.name {
            case "userInfo": relationship.userInfo = decodeUserInfo(child)
            default: relationship.unknownElements.append(unknownElement(child, in: node))
            }
        }
        return relationship
    }

    private mutating func decodeDeleteRule(_ reader: inout ElementReader) -> DeleteRule {
        guard let written = reader.string("deletionRule") else {
            log.warning("<relationship> has no 'deletionRule'; Nullify assumed", at: reader.location)
            return .nullify
        }
        guard let rule = DeleteRule(rawValue: written) else {
            let known = DeleteRule.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            log.warning("unknown deletion rule '\(written)' (expected \(known)); Nullify assumed", at: reader.location)
            return .nullify
        }
        return rule
    }

    /// Decodes a `<fetchedProperty>`.
    mutating func decodeFetchedProperty(_ node: XMLElementNode) -> FetchedProperty {
        var reader = ElementReader(node)
        var property = FetchedProperty(name: reader.requiredString("name", log: &log), location: node.location)
        property.isOptional = reader.flag("optional", log: &log)
        reader.ignore("syncable")
        property.unknownAttributes = reader.unknownAttributes(log: &log)
        for child in node.children {
            switch child.name {
            case "fetchRequest": property.fetchRequest = decodeFetchRequest(child)
            case "userInfo": property.userInfo = decodeUserInfo(child)
            default: property.unknownElements.append(unknownElement(child, in: node))
            }
        }
        if property.fetchRequest == nil {
            log.warning("fetched property '\(property.name)' has no <fetchRequest>", at: node.location)
        }
        return property
    }
}
