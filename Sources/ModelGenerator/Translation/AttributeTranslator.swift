import DataModel

/// Chooses the Swift type, initial value and schema literal of one attribute.
struct AttributeTranslator {
    /// The resolved Swift spelling of one attribute's storage.
    struct Storage {
        /// The Swift type without `?`.
        var valueType: String
        /// Whether the Swift property is `Optional`.
        var isOptional: Bool
        /// The initial value, without ` = `: the model's default (for optional properties too, as Core Data
        /// sets defaults on insert), else a zero value for a non-optional property.
        var initialValue: String?
        /// Whether the value goes through the runtime's JSON helpers.
        var isJSON: Bool
        /// Whether the model default was used as the initial value.
        var hasModelDefault: Bool
        /// Whether reading the property never gives null: a non-optional property of a standard type
        /// (whose `attributeValue` is never `.null`), listed in the schema's `attributesNeverNull`.
        var readsNeverNull = false
    }

    /// The Swift names of the model's composite types, by composite name.
    let compositeTypeNames: [String: String]

    /// The Swift storage of `attribute`, or `nil` (with a warning) when it has no Swift type and is left out.
    func storage(of attribute: Attribute, log: inout IssueLog) -> Storage? {
        let customType = attribute.userInfo["swift.type"].flatMap { $0.isEmpty ? nil : $0 }
        if let customType {
            return customStorage(of: attribute, type: customType, log: &log)
        }
        if let mapping = AttributeTypeMapping.mapping(for: attribute.type) {
            let modelDefault = attribute.defaultValue.flatMap { ValueLiterals.initialValue($0, swiftType: mapping.swiftType) }
            return Storage(valueType: mapping.swiftType, isOptional: attribute.isOptional,
                           initialValue: attribute.isOptional ? modelDefault : (modelDefault ?? mapping.zeroValue),
                           isJSON: false, hasModelDefault: modelDefault != nil, readsNeverNull: !attribute.isOptional)
        }
        switch attribute.type {
        case .transformable:
            return transformableStorage(of: attribute, log: &log)
        case .composite:
            guard let typeName = attribute.compositeName.flatMap({ compositeTypeNames[$0] }) else {
                log.warning("composite attribute '\(attribute.name)' names no composite of the model; stored as Data", at: attribute.location)
                return dataStorage(attribute)
            }
            return Storage(valueType: typeName, isOptional: attribute.isOptional,
                           initialValue: attribute.isOptional ? nil : "\(typeName)()", isJSON: true, hasModelDefault: false)
        default:
            log.warning("attribute '\(attribute.name)' of type \(attribute.type.rawValue) has no Swift type and is left out; set the userInfo key swift.type to keep it", at: attribute.location)
            return nil
        }
    }

    private func transformableStorage(of attribute: Attribute, log: inout IssueLog) -> Storage {
        if let className = attribute.customClassName, !className.isEmpty {
            if let zero = AttributeTypeMapping.knownCodableZero(className) {
                return Storage(valueType: className.filter { !$0.isWhitespace }, isOptional: attribute.isOptional,
                               initialValue: attribute.isOptional ? nil : zero, isJSON: true, hasModelDefault: false)
            }
            log.warning("transformable attribute '\(attribute.name)' has class '\(className)', which is not a Codable type known on every platform; stored as Data (set the userInfo key swift.type to a Codable type)", at: attribute.location)
        }
        return dataStorage(attribute)
    }

    private func dataStorage(_ attribute: Attribute) -> Storage {
        Storage(valueType: "Data", isOptional: attribute.isOptional, initialValue: attribute.isOptional ? nil : "Data()",
                isJSON: false, hasModelDefault: false)
    }

    /// Storage for a `swift.type` type: JSON for transformable, composite and typeless attributes, the
    /// type's own `AttributeValueConvertible` conformance (e.g. a RawRepresentable enum) otherwise.
    private func customStorage(of attribute: Attribute, type: String, log: inout IssueLog) -> Storage {
        let isJSON = AttributeTypeMapping.mapping(for: attribute.type) == nil
        guard !attribute.isOptional else {
            return Storage(valueType: type, isOptional: true, initialValue: nil, isJSON: isJSON, hasModelDefault: false)
        }
        let explicitDefault = attribute.userInfo["swift.default"].flatMap { $0.isEmpty ? nil : $0 }
        let caseDefault = attribute.defaultValueString.flatMap { SwiftIdentifier.isValid($0) ? ".\($0)" : nil }
        let zero = AttributeTypeMapping.knownCodableZero(type)
        guard let initial = explicitDefault ?? caseDefault ?? zero else {
            log.warning("required attribute '\(attribute.name)' of swift.type '\(type)' has no default to start from; it is Optional in Swift (set the userInfo key swift.default to a Swift expression)", at: attribute.location)
            return Storage(valueType: type, isOptional: true, initialValue: nil, isJSON: isJSON, hasModelDefault: false)
        }
        return Storage(valueType: type, isOptional: false, initialValue: initial, isJSON: isJSON,
                       hasModelDefault: explicitDefault != nil || caseDefault != nil)
    }

    /// The `AttributeDescription(...)` literal of `attribute`.
    func schemaLiteral(of attribute: Attribute, storage: Storage) -> String {
        let schemaType = AttributeTypeMapping.schemaType(for: attribute.type)
        let defaultLiteral = storage.isJSON ? nil : attribute.defaultValue.flatMap(ValueLiterals.schemaLiteral)
        var parts = ["name: \(SwiftSource.string(attribute.name))", "type: .\(schemaType)"]
        if storage.isOptional != true { parts.append("isOptional: false") }
        if attribute.isTransient { parts.append("isTransient: true") }
        if let defaultLiteral { parts.append("defaultValue: \(defaultLiteral)") }
        if let minimum = bound(attribute.minimum, of: attribute) { parts.append("minimum: \(minimum)") }
        if let maximum = bound(attribute.maximum, of: attribute) { parts.append("maximum: \(maximum)") }
        if let expression = attribute.regularExpression { parts.append("regularExpression: \(SwiftSource.string(expression))") }
        if attribute.isIndexed { parts.append("isIndexed: true") }
        parts.append(UserInfoLiteral.argument(attribute.userInfo))
        return "AttributeDescription(\(SwiftSource.arguments(parts)))"
    }

    private func bound(_ value: AttributeValue?, of attribute: Attribute) -> String? {
        guard let value, AttributeTypeMapping.mapping(for: attribute.type) != nil else { return nil }
        if attribute.type == .decimal, case .decimal(let text) = value, let number = Double(text) {
            return ".double(\(SwiftSource.double(number)))"
        }
        return ValueLiterals.schemaLiteral(value)
    }

    /// The doc comment description (`String, required, length 1...60`).
    func summary(of attribute: Attribute, storage: Storage) -> String {
        var parts = [attribute.type.rawValue + (storage.isJSON ? " `\(storage.valueType)`" : "")]
        parts.append(attribute.isOptional ? "optional" : "required")
        if let value = attribute.defaultValue, storage.hasModelDefault { parts.append("default \(ValueLiterals.summary(value))") }
        if attribute.minimum != nil || attribute.maximum != nil {
            let range = "\(attribute.minimum.map(ValueLiterals.summary) ?? "")...\(attribute.maximum.map(ValueLiterals.summary) ?? "")"
            parts.append(attribute.type == .string || attribute.type == .binary ? "length \(range)" : range)
        }
        if let expression = attribute.regularExpression { parts.append("matches `\(expression)`") }
        if attribute.isTransient { parts.append("transient") }
        if let expression = attribute.derivationExpression, attribute.isDerived { parts.append("derived from `\(expression)`") }
        if storage.isJSON { parts.append("stored as JSON") }
        return SwiftSource.docText(parts.joined(separator: ", "))
    }
}
