import DataModel

/// The runtime type, Swift type and zero value of each model attribute type.
enum AttributeTypeMapping {
    /// How values of one model type are declared in generated code.
    struct Mapping {
        /// The runtime `AttributeType` case.
        let schemaType: String
        /// The Swift type of a value.
        let swiftType: String
        /// A value for a required property before anything is assigned.
        let zeroValue: String
    }

    /// The mapping of a model type with a fixed Swift type; `nil` for types typed by userInfo or class name.
    static func mapping(for type: AttributeType) -> Mapping? {
        switch type {
        case .string: Mapping(schemaType: "string", swiftType: "String", zeroValue: "\"\"")
        case .integer16: Mapping(schemaType: "integer16", swiftType: "Int16", zeroValue: "0")
        case .integer32: Mapping(schemaType: "integer32", swiftType: "Int32", zeroValue: "0")
        case .integer64: Mapping(schemaType: "integer64", swiftType: "Int64", zeroValue: "0")
        case .decimal: Mapping(schemaType: "decimal", swiftType: "Decimal", zeroValue: "0")
        case .double: Mapping(schemaType: "double", swiftType: "Double", zeroValue: "0")
        case .float: Mapping(schemaType: "float", swiftType: "Float", zeroValue: "0")
        case .boolean: Mapping(schemaType: "boolean", swiftType: "Bool", zeroValue: "false")
        case .date: Mapping(schemaType: "date", swiftType: "Date", zeroValue: "Date(timeIntervalSinceReferenceDate: 0)")
        case .binary: Mapping(schemaType: "binary", swiftType: "Data", zeroValue: "Data()")
        case .uuid: Mapping(schemaType: "uuid", swiftType: "UUID", zeroValue: "UUID()")
        case .uri: Mapping(schemaType: "uri", swiftType: "URL", zeroValue: "URL(fileURLWithPath: \"/\")")
        case .transformable, .composite, .objectID, .undefined: nil
        }
    }

    /// The runtime `AttributeType` case of any model type.
    static func schemaType(for type: AttributeType) -> String {
        switch type {
        case .transformable: "transformable"
        case .composite: "composite"
        case .objectID, .undefined: "undefined"
        default: mapping(for: type)?.schemaType ?? "undefined"
        }
    }

    private static let codableScalars: [String: String] = [
        "String": "\"\"", "Int": "0", "Int16": "0", "Int32": "0", "Int64": "0", "Double": "0", "Float": "0",
        "Bool": "false", "Date": "Date(timeIntervalSinceReferenceDate: 0)", "Data": "Data()", "UUID": "UUID()",
        "Decimal": "0", "URL": "URL(fileURLWithPath: \"/\")",
    ]

    /// The zero value of a Codable Swift type that exists on every platform (`[String]` -> `[]`), or `nil`
    /// when `name` is not such a type (`UIColor`, `NSArray`, a module's own class).
    static func knownCodableZero(_ name: String) -> String? {
        let type = name.filter { !$0.isWhitespace }
        if let zero = codableScalars[type] { return zero }
        guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
        let inner = type.dropFirst().dropLast()
        let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2 {
            return parts.allSatisfy { knownCodableZero(String($0)) != nil } ? "[:]" : nil
        }
        return knownCodableZero(String(inner)) != nil ? "[]" : nil
    }
}
