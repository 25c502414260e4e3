import DataModel

/// Swift spellings of model values: as runtime `AttributeValue` literals and as Swift initial values.
enum ValueLiterals {
    /// The runtime `AttributeValue` literal of a model value (`.integer(5)`), or `nil` when it has no typed form.
    static func schemaLiteral(_ value: AttributeValue) -> String? {
        switch value {
        case .string(let text): ".string(\(SwiftSource.string(text)))"
        case .integer(let number): ".integer(\(number))"
        case .real(let number): ".double(\(SwiftSource.double(number)))"
        case .decimal(let text): ".decimal(\(decimal(text)))"
        case .boolean(let flag): ".bool(\(flag))"
        case .date(let seconds): ".date(Date(timeIntervalSinceReferenceDate: \(SwiftSource.double(seconds))))"
        case .text: nil
        }
    }

    /// The Swift initial value of a property of `swiftType` for a model default, or `nil` when it has no typed form.
    static func initialValue(_ value: AttributeValue, swiftType: String) -> String? {
        switch value {
        case .string(let text): SwiftSource.string(text)
        case .integer(let number): swiftType == "Bool" ? "\(number != 0)" : "\(number)"
        case .real(let number): SwiftSource.double(number)
        case .decimal(let text): decimal(text)
        case .boolean(let flag): swiftType == "Bool" ? "\(flag)" : (flag ? "1" : "0")
        case .date(let seconds): "Date(timeIntervalSinceReferenceDate: \(SwiftSource.double(seconds)))"
        case .text: nil
        }
    }

    /// A `Decimal` expression for decimal text, exact for integers and parsed from text otherwise.
    private static func decimal(_ text: String) -> String {
        if let integer = Int64(text) { return "Decimal(\(integer))" }
        return "Decimal(string: \(SwiftSource.string(text))) ?? 0"
    }

    /// A short human description of a value for doc comments.
    static func summary(_ value: AttributeValue) -> String {
        switch value {
        case .string(let text): SwiftSource.string(text)
        case .integer(let number): "\(number)"
        case .real(let number): SwiftSource.double(number)
        case .decimal(let text), .text(let text): text
        case .boolean(let flag): "\(flag)"
        case .date(let seconds): "\(SwiftSource.double(seconds)) s after 2001-01-01"
        }
    }
}
