/// Options for string comparisons, like NSPredicate's `[c]`, `[d]` and `[cd]`.
public struct StringOptions: OptionSet, Sendable, Hashable, Codable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Compare ignoring case (`[c]`).
    public static let caseInsensitive = StringOptions(rawValue: 1)
    /// Compare ignoring diacritics (`[d]`).
    public static let diacriticInsensitive = StringOptions(rawValue: 2)
}

/// A comparison operator of a ``StorePredicate``.
public enum ComparisonOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// `==`; with an ``AttributeValue/null`` operand, a nil check.
    case equal = "=="
    /// `!=`; with an ``AttributeValue/null`` operand, a not-nil check.
    case notEqual = "!="
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="
}

/// A string-matching operator of a ``StorePredicate``.
public enum StringOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// The value contains the pattern.
    case contains = "CONTAINS"
    /// The value starts with the pattern.
    case beginsWith = "BEGINSWITH"
    /// The value ends with the pattern.
    case endsWith = "ENDSWITH"
    /// The value matches a wildcard pattern: `*` is any run of characters, `?` one character.
    case like = "LIKE"
    /// The whole value matches a regular expression (ICU syntax, as NSPredicate's MATCHES).
    case matches = "MATCHES"
}

/// The untyped predicate tree that stores translate (to SQL, to query parameters) or hand back to the
/// runtime's in-memory evaluator.
///
/// A key path is a list of property names from the fetched entity: every step but the last is a to-one
/// relationship, the last an attribute (`["band", "name"]`). In ``any(_:_:)`` and ``all(_:_:)`` the path
/// ends at a to-many relationship and the sub-predicate is relative to its destination entity.
///
/// Semantics every store must follow (the in-memory evaluator defines them):
/// - A path through a nil to-one yields ``AttributeValue/null``.
/// - `== null` / `!= null` are nil checks; `!=` is always the negation of `==` (so `nil != "x"`
///   holds); ordering comparisons involving null are false.
/// - A ``compare(_:_:_:options:)`` whose path ends at a to-one relationship (`["band"]`) may only be
///   `== null` or `!= null`: whether the relationship is empty.
/// - Integers, doubles and decimals compare numerically with each other: a double with a decimal as
///   doubles (the decimal rounded to the nearest double, as SQL compares a REAL), a decimal with an
///   integer or a decimal exactly; strings compare by their Unicode scalars, after case/diacritic folding
///   when options ask for it.
/// - ``isIn(_:_:options:)`` with an empty list is false; ``between(_:_:_:)`` includes both bounds.
/// - `all` over an empty to-many is true, `any` over an empty one false.
///
/// ```swift
/// let expression: StorePredicate = .and([
///     .compare(["band", "name"], .equal, .string("Low")),
///     .compare(["year"], .greater, .integer(1990)),
/// ])
/// ```
public indirect enum StorePredicate: Sendable, Hashable, Codable {
    /// Always true or always false.
    case constant(Bool)
    /// `path <op> value`, optionally ignoring case/diacritics for strings.
    case compare(_ path: [String], _ op: ComparisonOperator, _ value: AttributeValue, options: StringOptions = [])
    /// `path IN values`.
    case isIn(_ path: [String], _ values: [AttributeValue], options: StringOptions = [])
    /// `path BETWEEN {lower, upper}`, both bounds included.
    case between(_ path: [String], _ lower: AttributeValue, _ upper: AttributeValue)
    /// A string match of the value at `path` against `pattern`.
    case string(_ path: [String], _ op: StringOperator, _ pattern: String, options: StringOptions = [])
    /// All sub-expressions hold (true when empty).
    case and([StorePredicate])
    /// At least one sub-expression holds (false when empty).
    case or([StorePredicate])
    /// The sub-expression does not hold.
    case not(StorePredicate)
    /// At least one object of the to-many at `path` satisfies the sub-predicate.
    case any(_ path: [String], _ predicate: StorePredicate)
    /// Every object of the to-many at `path` satisfies the sub-predicate.
    case all(_ path: [String], _ predicate: StorePredicate)
}
