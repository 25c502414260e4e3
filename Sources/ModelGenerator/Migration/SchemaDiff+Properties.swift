import DataModel

/// The properties of one entity in two versions, matched by renaming key. Changes of properties
/// inherited from an unchanged parent are left out: they are reported on the parent.
struct PropertyMatch<Property: StoredProperty> {
    /// The properties of the newer version that are new (`before` is `nil`) or kept, in file order.
    var kept: [(before: Property?, after: Property)] = []
    var removed: [Property] = []
    /// The new name of each surviving old property.
    var names: [String: String] = [:]
}

extension SchemaDiff {
    mutating func match<Property: StoredProperty>(_ before: [Property], _ after: [Property], from previous: String, to entity: String,
                                                  parentUnchanged: Bool) -> PropertyMatch<Property> {
        let oldByKey = propertyKeys(before, entity: previous, schema: old)
        let newByKey = propertyKeys(after, entity: entity, schema: new)
        var result = PropertyMatch<Property>()
        for (position, property) in after.enumerated() where newByKey[property.key] == position {
            guard let index = oldByKey[property.key] else {
                if property.declaringEntity == entity || !parentUnchanged { result.kept.append((nil, property)) }
                continue
            }
            result.names[before[index].name] = property.name
            if !isReportedOnParent(declaredBefore: before[index].declaringEntity, declaredNow: property.declaringEntity,
                                   in: entity, parentUnchanged: parentUnchanged) {
                result.kept.append((before[index], property))
            }
        }
        for property in before where result.names[property.name] == nil {
            if !isReportedOnParent(declaredBefore: property.declaringEntity, declaredNow: entityNames[property.declaringEntity] ?? "",
                                   in: entity, parentUnchanged: parentUnchanged) {
                result.removed.append(property)
            }
        }
        return result
    }

    /// Index of each property by renaming key; a key used twice in one entity is an error at the second.
    private mutating func propertyKeys<Property: StoredProperty>(_ properties: [Property], entity: String, schema: StoredSchema) -> [String: Int] {
        var byKey: [String: Int] = [:]
        for (index, property) in properties.enumerated() {
            if let first = byKey[property.key] {
                problem(
                    "property '\(entity).\(property.name)' has the renaming ID '\(property.key)' of '\(entity).\(properties[first].name)' (line \(properties[first].location.line)) in '\(schema.versionName)'; each renaming ID must name one element",
                    path: schema.path, at: property.location, alwaysError: true)
            } else {
                byKey[property.key] = index
            }
        }
        return byKey
    }
}
