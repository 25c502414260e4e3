import DataModel

/// Reads an entity's REST mapping from the `rest.*` userInfo keys of the entity and its properties:
/// JSON keys from `rest.key` or the naming convention, path placeholders resolved to property names
/// (through to-one relationships) and checked against the model, date formats from `rest.dateFormat`.
struct RESTContextBuilder {
    let entities: [String: ResolvedEntity]
    let jsonKeys: JSONKeyConvention

    private static let formats = ["standard": "standard", "iso8601": "standard", "secondsSince1970": "secondsSince1970",
                                  "millisecondsSince1970": "millisecondsSince1970"]

    /// The entity's mapping, or `nil` when neither it nor its properties declare a `rest.*` key.
    func context(for entity: ResolvedEntity, log: inout IssueLog) -> RESTEntityContext? {
        let userInfo = entity.entity.userInfo
        checkKeys(of: entity, log: &log)
        let hasREST = ([userInfo] + entity.attributes.map(\.attribute.userInfo) + entity.relationships.map(\.relationship.userInfo))
            .contains { $0.entries.contains { $0.key.hasPrefix("rest.") } }
        let discriminator = discriminator(of: entity, log: &log)
        guard hasREST || discriminator.key != nil else { return nil }
        let identifierKey = userInfo["rest.identifier"] ?? "id"
        let identifierAttribute = entity.attributes.first { jsonKey($0.attribute.name, $0.attribute.userInfo) == identifierKey }?.attribute.name
        let path = restPath("rest.path", of: userInfo, from: entity, fallback: entity.entity.location, log: &log)
        let objectPath = restPath("rest.objectPath", of: userInfo, from: entity, fallback: entity.entity.location, log: &log)
        var arguments: [String] = []
        if let path { arguments.append("path: \(path.literal)") }
        if let objectPath { arguments.append("objectPath: \(objectPath.literal)") }
        if identifierKey != "id" { arguments.append("identifierKey: \(SwiftSource.string(identifierKey))") }
        if let identifierAttribute { arguments.append("identifierAttribute: \(SwiftSource.string(identifierAttribute))") }
        if let envelope = userInfo["rest.envelope"] { arguments.append("envelope: \(SwiftSource.string(envelope))") }
        let attributes = entity.attributes.filter { !$0.attribute.isTransient }.map { attribute in
            // Inherited attributes were checked with the entity that declares them.
            var inherited = IssueLog(path: log.path)
            return attribute.declaringEntity == entity.entity.name
                ? attributeLiteral(attribute, log: &log) : attributeLiteral(attribute, log: &inherited)
        }
        if !attributes.isEmpty { arguments.append("attributes: " + Self.list(attributes)) }
        let relationships = entity.relationships.map { relationshipLiteral($0, source: entity, log: &log) }
        if !relationships.isEmpty { arguments.append("relationships: " + Self.list(relationships)) }
        if let key = discriminator.key { arguments.append("entityKey: \(SwiftSource.string(key))") }
        if let value = discriminator.value { arguments.append("entityValue: \(SwiftSource.string(value))") }
        let literal = "RESTEntityMapping(\n" + Self.indented(arguments) + "\n)"
        return RESTEntityContext(path: path?.template, objectPath: objectPath?.template, identifierKey: identifierKey,
                                 identifierAttribute: identifierAttribute, envelope: userInfo["rest.envelope"],
                                 entityKey: discriminator.key, entityValue: discriminator.value,
                                 mappingLiteral: literal.replacingOccurrences(of: "\n", with: "\n        "))
    }

    /// Warns about (or refuses) `rest.*` keys of the entity and the properties it declares that the
    /// generator does not know or that belong elsewhere.
    private func checkKeys(of entity: ResolvedEntity, log: inout IssueLog) {
        RESTUserInfoKeys.check(entity.entity.userInfo, of: .entity, named: entity.entity.name, log: &log)
        for attribute in entity.attributes where attribute.declaringEntity == entity.entity.name {
            RESTUserInfoKeys.check(attribute.attribute.userInfo, of: .attribute, named: "\(entity.entity.name).\(attribute.attribute.name)", log: &log)
        }
        for relationship in entity.relationships where relationship.declaringEntity == entity.entity.name {
            RESTUserInfoKeys.check(relationship.relationship.userInfo, of: .relationship,
                                   named: "\(entity.entity.name).\(relationship.relationship.name)", log: &log)
        }
        for property in entity.entity.fetchedProperties {
            RESTUserInfoKeys.check(property.userInfo, of: .fetchedProperty, named: "\(entity.entity.name).\(property.name)", log: &log)
        }
    }

    /// The root entity of `entity`'s inheritance hierarchy (itself when it has no parent the model declares).
    private func hierarchyRoot(of entity: ResolvedEntity) -> ResolvedEntity {
        var current = entity
        var seen: Set<String> = [entity.entity.name]
        while let parent = current.entity.parentEntityName.flatMap({ entities[$0] }), seen.insert(parent.entity.name).inserted {
            current = parent
        }
        return current
    }

    /// The discriminator value of a concrete entity whose hierarchy declares a key: `rest.entityValue`,
    /// default the entity name; `nil` for abstract entities.
    private static func entityValue(of entity: ResolvedEntity) -> String? {
        entity.entity.isAbstract ? nil : entity.entity.userInfo["rest.entityValue"] ?? entity.entity.name
    }

    /// The hierarchy's `rest.entityKey` (declared on its root) and this entity's `rest.entityValue`,
    /// validated: the key only on the root and not empty, no attribute of the hierarchy mapped to the
    /// same JSON key (nor the identifier), no two concrete entities of the hierarchy with one value
    /// (errors); a value without a key, or on an abstract entity, is ignored (warnings).
    private func discriminator(of entity: ResolvedEntity, log: inout IssueLog) -> (key: String?, value: String?) {
        let userInfo = entity.entity.userInfo
        let root = hierarchyRoot(of: entity)
        if root.entity.name != entity.entity.name, userInfo["rest.entityKey"] != nil {
            log.error("rest.entityKey belongs on the root entity '\(root.entity.name)' of the hierarchy, not on '\(entity.entity.name)'",
                      at: entry("rest.entityKey", of: userInfo) ?? entity.entity.location)
        }
        guard let key = root.entity.userInfo["rest.entityKey"] else {
            if userInfo["rest.entityValue"] != nil {
                log.warning("rest.entityValue is ignored: the root entity '\(root.entity.name)' declares no rest.entityKey",
                            at: entry("rest.entityValue", of: userInfo) ?? entity.entity.location)
            }
            return (nil, nil)
        }
        let isRoot = root.entity.name == entity.entity.name
        let keyLocation = entry("rest.entityKey", of: root.entity.userInfo) ?? root.entity.location
        if key.isEmpty {
            if isRoot { log.error("rest.entityKey is empty", at: keyLocation) }
            return (nil, nil)
        }
        let members = entities.values.filter { hierarchyRoot(of: $0).entity.name == root.entity.name }.sorted { $0.entity.name < $1.entity.name }
        if isRoot {
            var collides = (root.entity.userInfo["rest.identifier"] ?? "id") == key ? ["the identifier"] : []
            for member in members {
                for attribute in member.attributes where attribute.declaringEntity == member.entity.name && !attribute.attribute.isTransient
                    && jsonKey(attribute.attribute.name, attribute.attribute.userInfo).split(separator: ".").first.map(String.init) == key {
                    collides.append("attribute '\(member.entity.name).\(attribute.attribute.name)'")
                }
            }
            if !collides.isEmpty {
                log.error("rest.entityKey '\(key)' is also the JSON key of \(collides.joined(separator: ", "))", at: keyLocation)
            }
        }
        if entity.entity.isAbstract, userInfo["rest.entityValue"] != nil {
            log.warning("rest.entityValue is ignored on the abstract entity '\(entity.entity.name)'",
                        at: entry("rest.entityValue", of: userInfo) ?? entity.entity.location)
        }
        guard let value = Self.entityValue(of: entity) else { return (key, nil) }
        if let earlier = members.first(where: { $0.entity.name < entity.entity.name && Self.entityValue(of: $0) == value }) {
            log.error("rest.entityValue '\(value)' of '\(entity.entity.name)' is also the value of '\(earlier.entity.name)' in the hierarchy of '\(root.entity.name)'",
                      at: entry("rest.entityValue", of: userInfo) ?? entity.entity.location)
        }
        return (key, value)
    }

    /// `[`, the elements one per line, `]`.
    private static func list(_ elements: [String]) -> String {
        "[\n" + indented(elements) + "\n]"
    }

    /// Each element followed by a comma, every line indented by four spaces.
    private static func indented(_ elements: [String]) -> String {
        elements.map { ($0 + ",").split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") }
            .joined(separator: "\n")
    }

    private func attributeLiteral(_ attribute: ResolvedEntity.ResolvedAttribute, log: inout IssueLog) -> String {
        let userInfo = attribute.attribute.userInfo
        let keyPath = jsonKey(attribute.attribute.name, userInfo).split(separator: ".").map { SwiftSource.string(String($0)) }
        var literal = "RESTAttributeMapping(attribute: \(SwiftSource.string(attribute.attribute.name)), keyPath: [\(keyPath.joined(separator: ", "))]"
        if let format = userInfo["rest.dateFormat"] {
            if let known = Self.formats[format] {
                if known != "standard" { literal += ", format: .\(known)" }
            } else {
                log.error("rest.dateFormat '\(format)' is not one of \(Self.formats.keys.sorted().joined(separator: ", "))",
                          at: entry("rest.dateFormat", of: userInfo) ?? attribute.attribute.location)
            }
        }
        let isReadOnly = RESTUserInfoKeys.flag("rest.readOnly", of: userInfo, log: &log) ?? false
        for (key, label) in [("rest.writeKey", "writeKeyPath"), ("rest.createKey", "createKeyPath")] {
            guard let value = userInfo[key] else { continue }
            let location = entry(key, of: userInfo) ?? attribute.attribute.location
            let keys = value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if keys.contains(where: \.isEmpty) {
                log.error("\(key) '\(value)' is not a JSON key or dotted key path", at: location)
            } else if isReadOnly {
                log.warning("\(key) is ignored: \(attribute.attribute.name) is read-only (rest.readOnly), so saves never send it", at: location)
            } else {
                literal += ", \(label): [\(keys.map(SwiftSource.string).joined(separator: ", "))]"
            }
        }
        if isReadOnly { literal += ", isReadOnly: true" }
        return literal + ")"
    }

    /// A relationship's mapping: its JSON key, its foreign key (`rest.foreignKey`, sent by saves; for a
    /// to-one without one, `<key>_id`, only read), its URL and whether inserts go through it.
    private func relationshipLiteral(_ relationship: ResolvedEntity.ResolvedRelationship, source: ResolvedEntity, log: inout IssueLog) -> String {
        let model = relationship.relationship
        let key = jsonKey(model.name, model.userInfo)
        var parts = ["relationship: \(SwiftSource.string(model.name))", "key: \(SwiftSource.string(key))"]
        let isReadOnly = RESTUserInfoKeys.flag("rest.readOnly", of: model.userInfo, log: &log) ?? false
        if let foreignKey = model.userInfo["rest.foreignKey"] {
            parts.append("foreignKey: \(SwiftSource.string(foreignKey))")
            if isReadOnly { parts.append("writesForeignKey: false") }
        } else if !model.isToMany {
            parts.append("foreignKey: \(SwiftSource.string(key + "_id")), writesForeignKey: false")
        }
        if let path = restPath("rest.path", of: model.userInfo, from: source, fallback: model.location, log: &log) {
            parts.append("path: \(path.literal)")
        }
        if RESTUserInfoKeys.flag("rest.insertsThroughPath", of: model.userInfo, log: &log) == true {
            parts.append("insertsThroughPath: true")
        }
        return "RESTRelationshipMapping(\(parts.joined(separator: ", ")))"
    }

    /// The `RESTPath(...)` literal of the template under `key`, placeholders resolved from `entity`;
    /// `nil` when absent or invalid (with a located error).
    private func restPath(
        _ key: String, of userInfo: UserInfo, from entity: ResolvedEntity, fallback: SourceLocation, log: inout IssueLog
    ) -> (template: String, literal: String)? {
        guard let template = userInfo[key] else { return nil }
        let location = entry(key, of: userInfo) ?? fallback
        let parsed: RESTPathTemplate
        do {
            parsed = try RESTPathTemplate(template)
        } catch {
            log.error("\(key) '\(template)': \(error.message)", at: location)
            return nil
        }
        var segments: [String] = []
        var inQuery = false
        for segment in parsed.segments {
            switch segment {
            case .literal(let text, _):
                segments.append(".literal(\(SwiftSource.string(text)))")
                inQuery = inQuery || text.contains("?")
            case .keyPath(let keys, _), .segmentKeyPath(let keys, _):
                let isSegment = if case .segmentKeyPath = segment { true } else { false }
                let spelled = (isSegment ? "::" : ":") + keys.joined(separator: ".")
                guard let names = propertyNames(for: keys, from: entity) else {
                    log.error("\(key) '\(template)': '\(spelled)' names no attribute of entity '\(entity.entity.name)' (JSON keys or property names, through to-one relationships)", at: location)
                    return nil
                }
                if isSegment && inQuery {
                    log.warning("\(key) '\(template)': '\(spelled)' is in the query, where every value is escaped as a query value; write ':\(keys.joined(separator: "."))'", at: location)
                }
                let list = names.map(SwiftSource.string).joined(separator: ", ")
                segments.append(isSegment && !inQuery ? ".segment([\(list)])" : ".value([\(list)])")
            }
        }
        return (template, "RESTPath([\(segments.joined(separator: ", "))])")
    }

    /// The property names a placeholder's JSON keys (or property names) lead to, ending at an attribute.
    private func propertyNames(for keys: [String], from entity: ResolvedEntity) -> [String]? {
        var current = entity
        var names: [String] = []
        for (position, key) in keys.enumerated() {
            if position == keys.count - 1,
               let attribute = current.attributes.first(where: { $0.attribute.name == key || jsonKey($0.attribute.name, $0.attribute.userInfo) == key }) {
                return names + [attribute.attribute.name]
            }
            guard let relationship = current.relationships.first(where: { !$0.relationship.isToMany
                    && ($0.relationship.name == key || jsonKey($0.relationship.name, $0.relationship.userInfo) == key) }),
                  let next = entities[relationship.relationship.destinationEntityName] else { return nil }
            names.append(relationship.relationship.name)
            current = next
        }
        return nil
    }

    private func jsonKey(_ name: String, _ userInfo: UserInfo) -> String {
        userInfo["rest.key"] ?? jsonKeys.jsonKey(forProperty: name)
    }

    private func entry(_ key: String, of userInfo: UserInfo) -> SourceLocation? {
        userInfo.entries.last { $0.key == key }?.location
    }
}
