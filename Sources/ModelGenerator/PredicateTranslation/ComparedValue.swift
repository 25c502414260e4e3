/// What a key path is compared with: its Swift type and how literals of each kind fit it.
struct ComparedValue {
    /// The Swift type of the attribute, without `?`.
    let swiftType: String
    /// Whether the attribute is `Optional` in Swift.
    let isOptional: Bool

    private static let integers: Set<String> = ["Int16", "Int32", "Int64", "Int"]
    private static let reals: Set<String> = ["Double", "Float", "Decimal"]
    private static let ordered: Set<String> = integers.union(reals).union(["String", "Date"])

    /// Whether `<`, `>` and `BETWEEN` apply.
    var isOrdered: Bool { Self.ordered.contains(swiftType) }
    /// Whether string operators apply.
    var isString: Bool { swiftType == "String" }

    /// The Swift spelling of `literal` as a value of this type.
    func literal(_ literal: PredicateLiteral, at location: PredicateLocation) throws(PredicateTranslationError) -> String {
        switch literal {
        case .string(let text) where isString:
            return SwiftSource.string(text)
        case .integer(let number) where Self.integers.contains(swiftType) || Self.reals.contains(swiftType):
            return "\(number)"
        case .integer(let number) where swiftType == "Bool" && (number == 0 || number == 1):
            return number == 1 ? "true" : "false"
        case .decimal(let number) where Self.reals.contains(swiftType):
            return SwiftSource.double(number)
        case .boolean(let flag) where swiftType == "Bool":
            return "\(flag)"
        default:
            throw .invalid("\(Self.describe(literal)) cannot be compared with a value of type \(swiftType)", at: location)
        }
    }

    private static func describe(_ literal: PredicateLiteral) -> String {
        switch literal {
        case .string(let text): "the string \(SwiftSource.string(text))"
        case .integer(let number): "the integer \(number)"
        case .decimal(let number): "the number \(number)"
        case .boolean(let flag): "the Boolean \(flag ? "YES" : "NO")"
        case .null: "nil"
        }
    }
}
