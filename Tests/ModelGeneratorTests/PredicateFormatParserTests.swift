import Testing
import ModelGenerator

@Suite("Predicate format parser")
struct PredicateFormatParserTests {
    private func canonical(_ text: String) throws -> String {
        try PredicateFormatParser.parsePredicate(text).description
    }

    @Test("canonical printing, which parses back to itself", arguments: PredicateFormatCases.all)
    func canonicalForm(input: String, expected: String) throws {
        let printed = try canonical(input)
        #expect(printed == expected)
        #expect(try canonical(printed) == printed)
    }

    @Test func andBindsTighterThanOr() throws {
        let predicate = try PredicateFormatParser.parsePredicate("a == 1 OR b == 2 AND c == 3")
        guard case .or(let operands, _) = predicate else {
            Issue.record("expected OR at the top, got \(predicate)")
            return
        }
        #expect(operands.count == 2)
        if case .and(let inner, _) = operands[1] { #expect(inner.count == 2) } else { Issue.record("expected AND") }
    }

    @Test func literalValues() throws {
        let predicate = try PredicateFormatParser.parsePredicate("a == 0xFF")
        guard case .comparison(let comparison) = predicate else {
            Issue.record("expected a comparison")
            return
        }
        #expect(comparison.right == .literal(.integer(255), at: PredicateLocation(offset: 5, line: 1, column: 6)))
        #expect(comparison.operator == .equal)
        #expect(comparison.operatorLocation.column == 3)
    }

    @Test("derivation expressions from real models", arguments: [
        ("oneToMany.@count", "oneToMany.@count"),
        ("photos.@count", "photos.@count"),
        ("now()", "now()"),
        ("canonical:(optionalString)", "canonical:(optionalString)"),
        ("lowercase:(name)", "lowercase:(name)"),
    ])
    func derivationExpressions(input: String, expected: String) throws {
        #expect(try PredicateFormatParser.parseExpression(input).description == expected)
    }

    @Test func keyPathComponentsCarryLocations() throws {
        let expression = try PredicateFormatParser.parseExpression("band.albums.@count")
        guard case .keyPath(let keyPath) = expression else {
            Issue.record("expected a key path")
            return
        }
        #expect(keyPath.components.map(\.location.column) == [1, 6, 13])
        #expect(keyPath.components.last?.kind == .collectionOperator(.count))
    }

    @Test func everyNodeIsLocated() throws {
        let predicate = try PredicateFormatParser.parsePredicate("a == 1 OR NOT b.c IN {2, $X}")
        guard case .or(let operands, let location) = predicate, case .not(let negated, let notLocation) = operands[1],
            case .comparison(let comparison) = negated, case .aggregate(let elements, let braceLocation) = comparison.right
        else {
            Issue.record("unexpected shape \(predicate)")
            return
        }
        #expect(location.offset == 0)
        #expect(notLocation.column == 11)
        #expect(comparison.location.column == 15)
        #expect(comparison.operatorLocation.column == 19)
        #expect(braceLocation.column == 22)
        #expect(elements.map(\.location.column) == [23, 26])
    }
}
