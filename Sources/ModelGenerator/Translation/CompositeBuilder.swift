import DataModel

/// Builds the `Codable` struct of a composite type: one stored property per element, each with a
/// default so the struct can be created empty.
struct CompositeBuilder {
    /// The Swift names of the model's composite types.
    let typeNames: [String: String]

    func context(for composite: CompositeType, log: inout IssueLog) -> CompositeContext {
        let translator = AttributeTranslator(compositeTypeNames: typeNames)
        var members = MemberNames(used: [], reserved: ReservedNames.typeNames)
        var fields: [CompositeFieldContext] = []
        var parameters: [String] = []
        for attribute in composite.attributes {
            guard let storage = translator.storage(of: attribute, log: &log) else { continue }
            let name = members.property(attribute.name, userInfo: attribute.userInfo, location: attribute.location, log: &log)
            let swiftType = storage.valueType + (storage.isOptional ? "?" : "")
            fields.append(CompositeFieldContext(name: attribute.name, swiftName: name.escaped, swiftType: swiftType))
            parameters.append("\(name.escaped): \(swiftType) = \(storage.initialValue ?? "nil")")
        }
        return CompositeContext(name: composite.name, typeName: typeNames[composite.name] ?? composite.name, fields: fields,
                                initParameterList: parameters.joined(separator: ", "))
    }
}
