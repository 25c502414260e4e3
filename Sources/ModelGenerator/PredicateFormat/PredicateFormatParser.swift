/// A recursive-descent parser for NSPredicate format strings as used by Core Data fetch request templates,
/// fetched properties and derivation expressions.
///
/// Precedence, loosest first: `OR`/`||`, `AND`/`&&`, `NOT`/`!`, then comparisons. Keywords are
/// case-insensitive; `#word` escapes a reserved word as a key. Format arguments (`%@`, `%K`), `SUBQUERY`,
/// `FUNCTION` and arithmetic are rejected with an error at their position.
///
/// ```swift
/// let predicate = try PredicateFormatParser.parsePredicate("name BEGINSWITH[cd] $humanName")
/// predicate.description            // "name BEGINSWITH[cd] $humanName"
/// predicate.substitutionVariables  // [humanName at 1:21]
/// ```
public struct PredicateFormatParser {
    private let tokens: [PredicateToken]
    private var position = 0

    private init(_ text: String) throws(PredicateFormatError) {
        tokens = try PredicateLexer.tokens(of: text)
    }

    /// Parses a whole predicate, such as a fetch request template's `predicateString`.
    /// - Throws: ``PredicateFormatError`` at the first malformed or unsupported construct.
    public static func parsePredicate(_ text: String) throws(PredicateFormatError) -> PredicateNode {
        var parser = try PredicateFormatParser(text)
        let predicate = try parser.parseOr()
        try parser.expectEnd()
        return predicate
    }

    /// Parses a single expression, such as a derived attribute's `derivationExpression` (`tracks.@count`).
    /// - Throws: ``PredicateFormatError`` at the first malformed or unsupported construct.
    public static func parseExpression(_ text: String) throws(PredicateFormatError) -> PredicateExpression {
        var parser = try PredicateFormatParser(text)
        let expression = try parser.parseExpression()
        try parser.expectEnd()
        return expression
    }

    // MARK: Tokens

    var current: PredicateToken { tokens[min(position, tokens.count - 1)] }
    var upcoming: PredicateToken { tokens[min(position + 1, tokens.count - 1)] }

    mutating func advance() -> PredicateToken {
        let token = current
        position += 1
        return token
    }

    mutating func take(_ kind: PredicateToken.Kind) -> PredicateToken? {
        current.kind == kind ? advance() : nil
    }

    mutating func expect(_ kind: PredicateToken.Kind, _ what: String) throws(PredicateFormatError) -> PredicateToken {
        guard let token = take(kind) else { throw unexpected(expected: what) }
        return token
    }

    private func expectEnd() throws(PredicateFormatError) {
        guard current.kind == .end else { throw unexpected(expected: "end of predicate") }
    }

    func unexpected(expected: String) -> PredicateFormatError {
        if case .arithmetic = current.kind {
            return PredicateFormatError("arithmetic ('\(current.text)') is not supported in model predicates", at: current.location)
        }
        let found = current.kind == .end ? "end of predicate" : "'\(current.text)'"
        return PredicateFormatError("expected \(expected), found \(found)", at: current.location)
    }

    // MARK: Predicates

    private mutating func parseOr() throws(PredicateFormatError) -> PredicateNode {
        let first = try parseAnd()
        var operands = [first]
        while take(.keyword(.or)) != nil { operands.append(try parseAnd()) }
        return operands.count == 1 ? first : .or(operands, at: first.location)
    }

    private mutating func parseAnd() throws(PredicateFormatError) -> PredicateNode {
        let first = try parseNot()
        var operands = [first]
        while take(.keyword(.and)) != nil { operands.append(try parseNot()) }
        return operands.count == 1 ? first : .and(operands, at: first.location)
    }

    private mutating func parseNot() throws(PredicateFormatError) -> PredicateNode {
        if let not = take(.keyword(.not)) { return .not(try parseNot(), at: not.location) }
        return try parsePrimaryPredicate()
    }

    private mutating func parsePrimaryPredicate() throws(PredicateFormatError) -> PredicateNode {
        let token = current
        switch token.kind {
        case .keyword(.truePredicate):
            _ = advance()
            return .constant(true, at: token.location)
        case .keyword(.falsePredicate):
            _ = advance()
            return .constant(false, at: token.location)
        case .leftParenthesis:
            _ = advance()
            let predicate = try parseOr()
            _ = try expect(.rightParenthesis, "')'")
            return predicate
        default:
            return .comparison(try parseComparison())
        }
    }

    private mutating func parseComparison() throws(PredicateFormatError) -> PredicateComparison {
        let start = current.location
        let modifier = parseModifier()
        let left = try parseExpression()
        if modifier != nil {
            guard case .keyPath = left else {
                throw PredicateFormatError("ANY, SOME, ALL and NONE apply only to a key path", at: left.location)
            }
        }
        let operatorToken = current
        let comparisonOperator: PredicateComparisonOperator? =
            switch operatorToken.kind {
            case .comparison(let symbol): symbol
            case .keyword(let keyword): keyword.comparisonOperator
            default: nil
            }
        guard let comparisonOperator else { throw unexpected(expected: "a comparison operator") }
        _ = advance()
        let options = try parseOptions()
        let right = try parseExpression()
        if comparisonOperator == .between, case .aggregate(let bounds, let location) = right, bounds.count != 2 {
            throw PredicateFormatError("BETWEEN needs an aggregate of exactly two values, {low, high}", at: location)
        }
        return PredicateComparison(
            modifier: modifier, left: left, operator: comparisonOperator, options: options, right: right,
            location: start, operatorLocation: operatorToken.location)
    }

    private mutating func parseModifier() -> PredicateComparisonModifier? {
        let modifier: PredicateComparisonModifier? =
            switch current.kind {
            case .keyword(.any), .keyword(.some): .any
            case .keyword(.all): .all
            case .keyword(.none): PredicateComparisonModifier.none
            default: nil
            }
        if modifier != nil { _ = advance() }
        return modifier
    }

    private mutating func parseOptions() throws(PredicateFormatError) -> PredicateComparisonOptions {
        guard take(.leftBracket) != nil else { return [] }
        let token = advance()
        guard case .identifier(let letters) = token.kind else {
            throw PredicateFormatError("expected comparison options such as c, d or cd", at: token.location)
        }
        var options: PredicateComparisonOptions = []
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            default:
                throw PredicateFormatError("unknown comparison option '\(letter)'; use c, d or cd", at: token.location)
            }
        }
        _ = try expect(.rightBracket, "']'")
        return options
    }
}
