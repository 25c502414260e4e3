/// Reading the string forms that model files use for values.
enum ValueParsing {
    /// `YES`/`NO`, `true`/`false`, `1`/`0` and `0.0`/`1.0` (all seen in real files).
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "YES", "true", "1", "1.0": true
        case "NO", "false", "0", "0.0": false
        default: nil
        }
    }

    /// A whole number, also written as a floating-point literal without a fraction (`5.0`).
    static func integer(_ text: String) -> Int64? {
        if let value = Int64(text) { return value }
        guard let real = real(text), real.rounded() == real else { return nil }
        return Int64(exactly: real)
    }

    /// A finite decimal floating-point number.
    static func real(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Reads `text` as a value of an attribute of `type`, or `nil` when it is not one.
    ///
    /// Types whose text has no typed form here (UUID, URI, Binary, Transformable, Composite,
    /// Undefined, and dates without a time interval) come back as ``AttributeValue/text(_:)``.
    static func value(_ text: String, of type: AttributeType) -> AttributeValue? {
        switch type {
        case .string:
            return .string(text)
        case .boolean:
            return boolean(text).map(AttributeValue.boolean)
        case .integer16, .integer32, .integer64:
            guard let number = integer(text) ?? booleanAsInteger(text), fits(number, in: type) else { return nil }
            return .integer(number)
        case .double, .float:
            return real(text).map(AttributeValue.real)
        case .decimal:
            return real(text) == nil ? nil : .decimal(text)
        case .date, .binary, .uuid, .uri, .transformable, .composite, .objectID, .undefined:
            return .text(text)
        }
    }

    /// Reads a `minValueString`/`maxValueString` bound: a length for strings and binary data,
    /// a number for numeric types, text otherwise.
    static func bound(_ text: String, of type: AttributeType) -> AttributeValue? {
        switch type {
        case .string, .binary:
            return integer(text).map(AttributeValue.integer)
        case .boolean:
            return .text(text)
        default:
            return value(text, of: type)
        }
    }

    /// `YES`/`NO` on an integer attribute (seen in real files whose attribute was once a Boolean).
    private static func booleanAsInteger(_ text: String) -> Int64? {
        boolean(text).map { $0 ? 1 : 0 }
    }

    private static func fits(_ number: Int64, in type: AttributeType) -> Bool {
        switch type {
        case .integer16: Int16(exactly: number) != nil
        case .integer32: Int32(exactly: number) != nil
        default: true
        }
    }
}
