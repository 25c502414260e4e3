extension PredicateFormatParser {
    /// expression := literal | $VARIABLE | SELF | key path | function call | '{' expressions '}'
    mutating func parseExpression() throws(PredicateFormatError) -> PredicateExpression {
        let token = current
        switch token.kind {
        case .identifier(let name) where upcoming.kind == .leftParenthesis || upcoming.kind == .colon:
            return try parseFunction(named: name)
        case .identifier, .escapedIdentifier, .collectionOperator:
            return .keyPath(try parseKeyPath())
        case .keyword(.self):
            _ = advance()
            guard take(.dot) != nil else { return .evaluatedObject(at: token.location) }
            return .keyPath(try parseKeyPath())
        case .variable(let name):
            _ = advance()
            return .variable(name, at: token.location)
        case .leftBrace:
            return try parseAggregate()
        case .keyword(.subquery), .keyword(.function), .keyword(.cast), .keyword(.fetch):
            throw PredicateFormatError("\(token.text.uppercased()) is not supported in model predicates", at: token.location)
        default:
            guard let literal = try parseLiteral() else { throw unexpected(expected: "an expression") }
            return .literal(literal, at: token.location)
        }
    }

    private mutating func parseLiteral() throws(PredicateFormatError) -> PredicateLiteral? {
        let literal: PredicateLiteral
        switch current.kind {
        case .string(let value): literal = .string(value)
        case .integer(let value): literal = .integer(value)
        case .decimal(let value): literal = .decimal(value)
        case .keyword(.true), .keyword(.yes): literal = .boolean(true)
        case .keyword(.false), .keyword(.no): literal = .boolean(false)
        case .keyword(.nil), .keyword(.null): literal = .null
        case .arithmetic("-"):
            _ = advance()
            switch current.kind {
            case .integer(let value): literal = .integer(-value)
            case .decimal(let value): literal = .decimal(-value)
            default: throw unexpected(expected: "a number after '-'")
            }
        default: return nil
        }
        _ = advance()
        return literal
    }

    private mutating func parseAggregate() throws(PredicateFormatError) -> PredicateExpression {
        let open = advance()
        var elements: [PredicateExpression] = []
        if take(.rightBrace) != nil { return .aggregate(elements, at: open.location) }
        repeat {
            elements.append(try parseExpression())
        } while take(.comma) != nil
        _ = try expect(.rightBrace, "',' or '}'")
        return .aggregate(elements, at: open.location)
    }

    private mutating func parseFunction(named name: String) throws(PredicateFormatError) -> PredicateExpression {
        let nameToken = advance()
        let spelledName = take(.colon) == nil ? name : name + ":"
        _ = try expect(.leftParenthesis, "'('")
        var arguments: [PredicateExpression] = []
        if take(.rightParenthesis) == nil {
            repeat {
                arguments.append(try parseExpression())
            } while take(.comma) != nil
            _ = try expect(.rightParenthesis, "',' or ')'")
        }
        return .function(spelledName, arguments: arguments, at: nameToken.location)
    }

    /// keyPath := component ('.' component)*, where a component is a key, `#key` or `@operator`.
    private mutating func parseKeyPath() throws(PredicateFormatError) -> PredicateKeyPath {
        var components = [try parseKeyPathComponent()]
        while take(.dot) != nil { components.append(try parseKeyPathComponent()) }
        return PredicateKeyPath(components)
    }

    private mutating func parseKeyPathComponent() throws(PredicateFormatError) -> PredicateKeyPathComponent {
        let token = current
        let kind: PredicateKeyPathComponent.Kind
        switch token.kind {
        case .identifier(let name), .escapedIdentifier(let name):
            kind = .key(name)
        case .keyword:
            kind = .key(token.text)
        case .collectionOperator(let name):
            guard let collectionOperator = PredicateCollectionOperator(rawValue: name) else {
                let known = PredicateCollectionOperator.allCases.map { "@\($0.rawValue)" }.joined(separator: ", ")
                throw PredicateFormatError("unsupported collection operator '@\(name)'; use one of \(known)", at: token.location)
            }
            kind = .collectionOperator(collectionOperator)
        default:
            throw unexpected(expected: "a key")
        }
        _ = advance()
        return PredicateKeyPathComponent(kind, at: token.location)
    }
}
