extension ValidationContext {
    /// Undefined types on persisted attributes, composite references and composite cycles.
    mutating func checkAttributes() {
        for entity in model.entities {
            for attribute in entity.attributes {
                check(attribute, owner: "entity '\(entity.name)'")
            }
        }
        reportDuplicates(model.composites.map { ($0.name, $0.location) }, kind: "composite type")
        for composite in model.composites {
            reportDuplicates(composite.attributes.map { ($0.name, $0.location) }, kind: "attribute in composite '\(composite.name)'")
            for attribute in composite.attributes {
                check(attribute, owner: "composite '\(composite.name)'")
            }
            if compositeContains(composite.name, startingAt: composite, visited: []) {
                log.error("composite type '\(composite.name)' contains itself", at: composite.location)
            }
        }
    }

    private mutating func check(_ attribute: Attribute, owner: @autoclosure () -> String) {
        // Spelled only for a diagnostic: most attributes have none.
        func name() -> String { "'\(attribute.name)' of \(owner())" }
        if attribute.type == .undefined && !attribute.isTransient {
            log.error("attribute \(name()) has no type (Undefined), which only transient attributes may have", at: attribute.location)
        }
        guard attribute.type == .composite else {
            if let compositeName = attribute.compositeName {
                log.warning("attribute \(name()) names composite '\(compositeName)' but its type is \(attribute.type.rawValue)", at: attribute.location)
            }
            return
        }
        guard let compositeName = attribute.compositeName else {
            log.error("composite attribute \(name()) names no composite type", at: attribute.location)
            return
        }
        if compositesByName[compositeName] == nil {
            log.error("composite type '\(compositeName)' of attribute \(name()) does not exist", at: attribute.location)
        }
    }

    /// Whether the composite `target` is reachable through the composite attributes of `composite`.
    private func compositeContains(_ target: String, startingAt composite: CompositeType, visited: Set<String>) -> Bool {
        for attribute in composite.attributes where attribute.type == .composite {
            guard let name = attribute.compositeName else { continue }
            if name == target { return true }
            guard !visited.contains(name), let nested = compositesByName[name] else { continue }
            if compositeContains(target, startingAt: nested, visited: visited.union([name])) { return true }
        }
        return false
    }
}
