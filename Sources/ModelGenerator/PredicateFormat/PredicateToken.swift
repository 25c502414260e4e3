/// A lexical token of a predicate format string.
struct PredicateToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A word that is not a reserved word.
        case identifier(String)
        /// A word escaped with `#`, always a key (`#IN` is the key `IN`).
        case escapedIdentifier(String)
        case keyword(PredicateKeyword)
        case variable(String)
        /// `@name`, name without `@`.
        case collectionOperator(String)
        case string(String)
        case integer(Int)
        case decimal(Double)
        case comparison(PredicateComparisonOperator)
        /// `+`, `-`, `*`, `/`, `**`: recognised so the parser can reject arithmetic clearly.
        case arithmetic(String)
        case leftParenthesis, rightParenthesis, leftBrace, rightBrace, leftBracket, rightBracket
        case comma, dot, colon
        case end
    }

    let kind: Kind
    /// The token as written.
    let text: String
    let location: PredicateLocation
}

/// Reserved words of the predicate format, matched case-insensitively; the raw value is the canonical spelling.
enum PredicateKeyword: String, Sendable, Hashable, CaseIterable {
    case and = "AND", or = "OR", not = "NOT"
    case any = "ANY", some = "SOME", all = "ALL", none = "NONE"
    case `in` = "IN", contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH"
    case like = "LIKE", matches = "MATCHES", between = "BETWEEN"
    case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE"
    case `true` = "TRUE", yes = "YES", `false` = "FALSE", no = "NO", `nil` = "NIL", null = "NULL"
    case `self` = "SELF"
    /// Recognised only to report them as unsupported.
    case subquery = "SUBQUERY", function = "FUNCTION", cast = "CAST", fetch = "FETCH"

    private static let byUppercasedName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The keyword spelled `word` in any case, if it is one.
    init?(word: String) {
        guard let keyword = Self.byUppercasedName[word.uppercased()] else { return nil }
        self = keyword
    }

    /// The comparison operator a word operator stands for.
    var comparisonOperator: PredicateComparisonOperator? {
        switch self {
        case .in: .in
        case .contains: .contains
        case .beginsWith: .beginsWith
        case .endsWith: .endsWith
        case .like: .like
        case .matches: .matches
        case .between: .between
        default: nil
        }
    }
}
