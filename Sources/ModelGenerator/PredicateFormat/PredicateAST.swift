/// A parsed NSPredicate format string: the syntax tree of a fetch request template or fetched property.
///
/// Every node carries the ``PredicateLocation`` where it starts; `description` prints the canonical format
/// string (which parses back to the same tree). Parse with ``PredicateFormatParser/parsePredicate(_:)``.
public indirect enum PredicateNode: Sendable, Hashable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool, at: PredicateLocation)
    /// A comparison such as `name BEGINSWITH[cd] $NAME`.
    case comparison(PredicateComparison)
    /// `NOT p` or `!p`.
    case not(PredicateNode, at: PredicateLocation)
    /// Two or more predicates joined with `AND` / `&&`, in source order.
    case and([PredicateNode], at: PredicateLocation)
    /// Two or more predicates joined with `OR` / `||`, in source order.
    case or([PredicateNode], at: PredicateLocation)

    /// Where this predicate starts.
    public var location: PredicateLocation {
        switch self {
        case .constant(_, let location), .not(_, let location), .and(_, let location), .or(_, let location):
            location
        case .comparison(let comparison):
            comparison.location
        }
    }
}

/// One comparison: `[modifier] left operator[options] right`.
public struct PredicateComparison: Sendable, Hashable {
    /// `ANY`, `ALL` or `NONE` before a to-many key path, if any.
    public var modifier: PredicateComparisonModifier?
    /// The left operand.
    public var left: PredicateExpression
    /// The operator, spelling variants normalised (`=` is ``PredicateComparisonOperator/equal``).
    public var `operator`: PredicateComparisonOperator
    /// The `[c]`, `[d]` or `[cd]` options.
    public var options: PredicateComparisonOptions
    /// The right operand.
    public var right: PredicateExpression
    /// Where the comparison starts (its modifier or left operand).
    public var location: PredicateLocation
    /// Where the operator is.
    public var operatorLocation: PredicateLocation

    /// Creates a comparison.
    public init(
        modifier: PredicateComparisonModifier? = nil,
        left: PredicateExpression,
        operator: PredicateComparisonOperator,
        options: PredicateComparisonOptions = [],
        right: PredicateExpression,
        location: PredicateLocation,
        operatorLocation: PredicateLocation
    ) {
        self.modifier = modifier
        self.left = left
        self.operator = `operator`
        self.options = options
        self.right = right
        self.location = location
        self.operatorLocation = operatorLocation
    }
}

/// The aggregate modifier of a comparison over a to-many key path.
public enum PredicateComparisonModifier: String, Sendable, Hashable, CaseIterable {
    /// `ANY` (or its synonym `SOME`): at least one element matches.
    case any = "ANY"
    /// `ALL`: every element matches.
    case all = "ALL"
    /// `NONE`: no element matches.
    case none = "NONE"
}

/// A comparison operator; the raw value is its canonical spelling.
public enum PredicateComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// `==` (also `=`).
    case equal = "=="
    /// `!=` (also `<>`).
    case notEqual = "!="
    /// `<`.
    case lessThan = "<"
    /// `<=` (also `=<`).
    case lessThanOrEqual = "<="
    /// `>`.
    case greaterThan = ">"
    /// `>=` (also `=>`).
    case greaterThanOrEqual = ">="
    /// `BETWEEN {low, high}`.
    case between = "BETWEEN"
    /// `IN` an aggregate, collection or string.
    case `in` = "IN"
    /// `CONTAINS`.
    case contains = "CONTAINS"
    /// `BEGINSWITH`.
    case beginsWith = "BEGINSWITH"
    /// `ENDSWITH`.
    case endsWith = "ENDSWITH"
    /// `LIKE` with `?` and `*` wildcards.
    case like = "LIKE"
    /// `MATCHES` a regular expression.
    case matches = "MATCHES"
}

/// The string comparison options written in brackets after an operator.
public struct PredicateComparisonOptions: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: UInt8
    /// Creates options from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `[c]`: case-insensitive.
    public static let caseInsensitive = PredicateComparisonOptions(rawValue: 1)
    /// `[d]`: diacritic-insensitive.
    public static let diacriticInsensitive = PredicateComparisonOptions(rawValue: 2)
}

/// An operand of a comparison, or a derivation expression.
public indirect enum PredicateExpression: Sendable, Hashable {
    /// A key path such as `name`, `parent.name` or `tracks.@count`.
    case keyPath(PredicateKeyPath)
    /// A substitution variable `$NAME` (the name is without `$`).
    case variable(String, at: PredicateLocation)
    /// A constant value.
    case literal(PredicateLiteral, at: PredicateLocation)
    /// An aggregate literal `{a, b, ...}`.
    case aggregate([PredicateExpression], at: PredicateLocation)
    /// `SELF`, the evaluated object.
    case evaluatedObject(at: PredicateLocation)
    /// A function call `now()` or `canonical:(name)`; the name keeps its colon when written with one.
    case function(String, arguments: [PredicateExpression], at: PredicateLocation)

    /// Where this expression starts.
    public var location: PredicateLocation {
        switch self {
        case .keyPath(let keyPath): keyPath.location
        case .variable(_, let location), .literal(_, let location), .aggregate(_, let location),
            .evaluatedObject(let location), .function(_, _, let location):
            location
        }
    }
}

/// A dotted key path; `SELF.name` is read as `name`.
public struct PredicateKeyPath: Sendable, Hashable {
    /// The components in order, at least one.
    public var components: [PredicateKeyPathComponent]
    /// Where the key path starts.
    public var location: PredicateLocation { components.first?.location ?? PredicateLocation(offset: 0, line: 1, column: 1) }

    /// Creates a key path from its components.
    public init(_ components: [PredicateKeyPathComponent]) {
        self.components = components
    }
}

/// One component of a key path: a key, or a collection operator such as `@count`.
public struct PredicateKeyPathComponent: Sendable, Hashable {
    /// What the component names.
    public enum Kind: Sendable, Hashable {
        /// A property name.
        case key(String)
        /// A collection operator (the name is without `@`).
        case collectionOperator(PredicateCollectionOperator)
    }

    /// The key or operator.
    public var kind: Kind
    /// Where the component starts.
    public var location: PredicateLocation

    /// Creates a component.
    public init(_ kind: Kind, at location: PredicateLocation) {
        self.kind = kind
        self.location = location
    }
}

/// The collection operators the parser accepts in key paths.
public enum PredicateCollectionOperator: String, Sendable, Hashable, CaseIterable {
    /// `@count`.
    case count
    /// `@sum`.
    case sum
    /// `@avg`.
    case avg
    /// `@min`.
    case min
    /// `@max`.
    case max
}

/// A constant value in a predicate.
public enum PredicateLiteral: Sendable, Hashable {
    /// A quoted string, escapes resolved.
    case string(String)
    /// An integer, written in decimal, hex (`0x`), octal (`0o`) or binary (`0b`).
    case integer(Int)
    /// A number with a fraction or exponent.
    case decimal(Double)
    /// `TRUE`/`YES` or `FALSE`/`NO`.
    case boolean(Bool)
    /// `NIL` or `NULL`.
    case null
}
