extension ModelDecoder {
    /// The children of `node` named `name`, in order; every other child is reported as unknown
    /// and kept in `unknown`.
    mutating func children(named name: String, of node: XMLElementNode, unknown: inout [UnknownElement]) -> [XMLElementNode] {
        var matching: [XMLElementNode] = []
        for child in node.children {
            if child.name == name {
                matching.append(child)
            } else {
                unknown.append(unknownElement(child, in: node))
            }
        }
        return matching
    }

    /// The children of `node` named `name`, in order; every other child is reported as unknown.
    mutating func children(named name: String, of node: XMLElementNode) -> [XMLElementNode] {
        var ignored: [UnknownElement] = []
        return children(named: name, of: node, unknown: &ignored)
    }

    /// Decodes a `<userInfo>` element (empty `<userInfo/>` gives empty user info).
    mutating func decodeUserInfo(_ node: XMLElementNode) -> UserInfo {
        let entries = children(named: "entry", of: node).map { child in
            var reader = ElementReader(child)
            let entry = UserInfoEntry(key: reader.string("key") ?? "", value: reader.string("value") ?? "", location: child.location)
            _ = reader.unknownAttributes(log: &log)
            return entry
        }
        return UserInfo(entries: entries)
    }

    /// Decodes `<uniquenessConstraints>` or `<compoundIndexes>`: groups of `<… value="name"/>`.
    mutating func decodePropertyGroups(_ node: XMLElementNode, group: String, member: String) -> [PropertyGroup] {
        children(named: group, of: node).map { groupNode in
            let names = children(named: member, of: groupNode).map { memberNode in
                var reader = ElementReader(memberNode)
                let name = reader.requiredString("value", log: &log)
                _ = reader.unknownAttributes(log: &log)
                return name
            }
            return PropertyGroup(propertyNames: names, location: groupNode.location)
        }
    }

    /// Decodes a `<fetchIndex>` and its `<fetchIndexElement>` children.
    mutating func decodeFetchIndex(_ node: XMLElementNode) -> FetchIndex {
        var reader = ElementReader(node)
        let name = reader.requiredString("name", log: &log)
        _ = reader.unknownAttributes(log: &log)
        let elements = children(named: "fetchIndexElement", of: node).map { child in
            var elementReader = ElementReader(child)
            let property = elementReader.requiredString("property", log: &log)
            let type = elementReader.string("type") ?? "Binary"
            let order = elementReader.string("order") ?? "ascending"
            if order != "ascending" && order != "descending" {
                log.warning("fetch index order '\(order)' is neither 'ascending' nor 'descending'; ascending assumed", at: child.location)
            }
            _ = elementReader.unknownAttributes(log: &log)
            return FetchIndexElement(propertyName: property, type: type, isAscending: order != "descending", location: child.location)
        }
        return FetchIndex(name: name, elements: elements, location: node.location)
    }

    /// Decodes a `<configuration>` and its `<memberEntity>` children.
    mutating func decodeConfiguration(_ node: XMLElementNode) -> Configuration {
        var reader = ElementReader(node)
        var configuration = Configuration(name: reader.requiredString("name", log: &log), memberEntities: [], location: node.location)
        configuration.unknownAttributes = reader.unknownAttributes(log: &log)
        configuration.memberEntities = children(named: "memberEntity", of: node, unknown: &configuration.unknownElements).map { child in
            var memberReader = ElementReader(child)
            let name = memberReader.requiredString("name", log: &log)
            _ = memberReader.unknownAttributes(log: &log)
            return EntityReference(name: name, location: child.location)
        }
        return configuration
    }

    /// Decodes a model-level `<composite>` definition.
    mutating func decodeComposite(_ node: XMLElementNode) -> CompositeType {
        var reader = ElementReader(node)
        var composite = CompositeType(name: reader.requiredString("name", log: &log), attributes: [], location: node.location)
        composite.unknownAttributes = reader.unknownAttributes(log: &log)
        composite.attributes = children(named: "attribute", of: node, unknown: &composite.unknownElements).map { decodeAttribute($0) }
        return composite
    }
}
