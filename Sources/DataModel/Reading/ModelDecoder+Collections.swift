extension ModelDecoder {
    /// Decodes a `<userInfo>` element (empty `<userInfo/>` gives empty user info).
    mutating func decodeUserInfo(_ node: XMLElementNode) -> UserInfo {
        var entries: [UserInfoEntry] = []
        for child in node.children {
            guard child.name == "entry" else {
                _ = unknownElement(child, in: node)
                continue
            }
            var reader = ElementReader(child)
            let key = reader.string("key") ?? ""
            let value = reader.string("value") ?? ""
            _ = reader.unknownAttributes(log: &log)
            entries.append(UserInfoEntry(key: key, value: value, location: child.location))
        }
        return UserInfo(entries: entries)
    }

    /// Decodes `<uniquenessConstraints>` or `<compoundIndexes>`: groups of `<… value="name"/>`.
    mutating func decodePropertyGroups(_ node: XMLElementNode, group: String, member: String) -> [PropertyGroup] {
        var groups: [PropertyGroup] = []
        for groupNode in node.children {
            guard groupNode.name == group else {
                _ = unknownElement(groupNode, in: node)
                continue
            }
            var names: [String] = []
            for memberNode in groupNode.children {
                guard memberNode.name == member else {
                    _ = unknownElement(memberNode, in: groupNode)
                    continue
                }
                var reader = ElementReader(memberNode)
                names.append(reader.requiredString("value", log: &log))
                _ = reader.unknownAttributes(log: &log)
            }
            groups.append(PropertyGroup(propertyNames: names, location: groupNode.location))
        }
        return groups
    }

    /// Decodes a `<fetchIndex>` and its `<fetchIndexElement>` children.
    mutating func decodeFetchIndex(_ node: XMLElementNode) -> FetchIndex {
        var reader = ElementReader(node)
        let name = reader.requiredString("name", log: &log)
        _ = reader.unknownAttributes(log: &log)
        var elements: [FetchIndexElement] = []
        for child in node.children {
            guard child.name == "fetchIndexElement" else {
                _ = unknownElement(child, in: node)
                continue
            }
            var elementReader = ElementReader(child)
            let property = elementReader.requiredString("property", log: &log)
            let type = elementReader.string("type") ?? "Binary"
            let order = elementReader.string("order") ?? "ascending"
            if order != "ascending" && order != "descending" {
                log.warning("fetch index order '\(order)' is neither 'ascending' nor 'descending'; ascending assumed", at: child.location)
            }
            _ = elementReader.unknownAttributes(log: &log)
            elements.append(FetchIndexElement(propertyName: property, type: type, isAscending: order != "descending", location: child.location))
        }
        return FetchIndex(name: name, elements: elements, location: node.location)
    }

    /// Decodes a `<configuration>` and its `<memberEntity>` children.
    mutating func decodeConfiguration(_ node: XMLElementNode) -> Configuration {
        var reader = ElementReader(node)
        var configuration = Configuration(name: reader.requiredString("name", log: &log), memberEntities: [], location: node.location)
        configuration.unknownAttributes = reader.unknownAttributes(log: &log)
        for child in node.children {
            guard child.name == "memberEntity" else {
                configuration.unknownElements.append(unknownElement(child, in: node))
                continue
            }
            var memberReader = ElementReader(child)
            let name = memberReader.requiredString("name", log: &log)
            _ = memberReader.unknownAttributes(log: &log)
            configuration.memberEntities.append(EntityReference(name: name, location: child.location))
        }
        return configuration
    }

    /// Decodes a model-level `<composite>` definition.
    mutating func decodeComposite(_ node: XMLElementNode) -> CompositeType {
        var reader = ElementReader(node)
        var composite = CompositeType(name: reader.requiredString("name", log: &log), attributes: [], location: node.location)
        composite.unknownAttributes = reader.unknownAttributes(log: &log)
        for child in node.children {
            guard child.name == "attribute" else {
                composite.unknownElements.append(unknownElement(child, in: node))
                continue
            }
            composite.attributes.append(decodeAttribute(child))
        }
        return composite
    }
}
