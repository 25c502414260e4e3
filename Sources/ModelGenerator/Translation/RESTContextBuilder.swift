import DataModel

/// Reads an entity's REST mapping from its `rest.*` userInfo keys, validating path templates against the model.
struct RESTContextBuilder {
    let entities: [String: ResolvedEntity]
    let jsonKeys: JSONKeyConvention

    /// The entity's mapping, or `nil` when it declares no `rest.*` key.
    func context(for entity: ResolvedEntity, log: inout IssueLog) -> RESTEntityContext? {
        let userInfo = entity.entity.userInfo
        guard userInfo.entries.contains(where: { $0.key.hasPrefix("rest.") }) else { return nil }
        let path = userInfo["rest.path"]
        if let path {
            validate(path, of: entity, location: userInfo.entries.last { $0.key == "rest.path" }?.location ?? entity.entity.location, log: &log)
        }
        return RESTEntityContext(path: path, identifierKey: userInfo["rest.identifier"] ?? "id", envelope: userInfo["rest.envelope"])
    }

    /// Checks that every `:key.path` of `template` names JSON keys of `entity`'s properties (through to-ones).
    func validate(_ template: String, of entity: ResolvedEntity, location: SourceLocation, log: inout IssueLog) {
        let parsed: RESTPathTemplate
        do {
            parsed = try RESTPathTemplate(template)
        } catch {
            log.error("REST path '\(template)': \(error.message)", at: location)
            return
        }
        for keyPath in parsed.keyPaths {
            var current = entity
            for (position, key) in keyPath.enumerated() {
                let isLast = position == keyPath.count - 1
                if isLast, current.attributes.contains(where: { jsonKey(of: $0.attribute.name, $0.attribute.userInfo) == key }) { break }
                guard let relationship = current.relationships.first(where: { jsonKey(of: $0.relationship.name, $0.relationship.userInfo) == key }),
                      !relationship.relationship.isToMany, !isLast,
                      let next = entities[relationship.relationship.destinationEntityName] else {
                    log.error("REST path '\(template)': entity '\(current.entity.name)' has no attribute or to-one relationship with JSON key '\(key)'", at: location)
                    break
                }
                current = next
            }
        }
    }

    private func jsonKey(of name: String, _ userInfo: UserInfo) -> String {
        userInfo["rest.key"] ?? jsonKeys.jsonKey(forProperty: name)
    }
}
