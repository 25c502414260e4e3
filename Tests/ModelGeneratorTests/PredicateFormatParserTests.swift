import Testing
import ModelGenerator

@Suite("Predicate format parser")
struct PredicateFormatParserTests {
    private func canonical(_ text: String) throws -> String {
        try PredicateFormatParser.parsePredicate(text).description
    }

    @Test("real fetch request templates print canonically and round-trip", arguments: [
        ("uuid == $UUID", "uuid == $UUID"),
        ("oneToOne.name == $NAME OR string == $NEEDLE", "oneToOne.name == $NAME OR string == $NEEDLE"),
        ("booleanAttribute == 1 AND floatAttribute > 5", "booleanAttribute == 1 AND floatAttribute > 5"),
        ("true == true", "TRUE == TRUE"),
        ("name BEGINSWITH[cd] $humanName", "name BEGINSWITH[cd] $humanName"),
        ("parent == $parent", "parent == $parent"),
        ("parent.name == $parentName", "parent.name == $parentName"),
        ("identifier > 0", "identifier > 0"),
    ])
    func realTemplates(input: String, expected: String) throws {
        let printed = try canonical(input)
        #expect(printed == expected)
        #expect(try canonical(printed) == printed)
    }

    @Test("operator spellings normalise", arguments: [
        ("a = 1", "a == 1"), ("a != 1", "a != 1"), ("a <> 1", "a != 1"), ("a < 1", "a < 1"),
        ("a <= 1", "a <= 1"), ("a =< 1", "a <= 1"), ("a > 1", "a > 1"), ("a >= 1", "a >= 1"),
        ("a => 1", "a >= 1"), ("a == 1 && b == 2", "a == 1 AND b == 2"), ("a == 1 || b == 2", "a == 1 OR b == 2"),
    ])
    func operatorSpellings(input: String, expected: String) throws {
        #expect(try canonical(input) == expected)
    }

    @Test("string operators, options and keywords in any case", arguments: [
        ("name contains[c] 'x'", "name CONTAINS[c] \"x\""),
        ("name BeginsWith $P", "name BEGINSWITH $P"),
        ("name endswith[d] \"z\"", "name ENDSWITH[d] \"z\""),
        ("name LIKE[cd] 'a*b?'", "name LIKE[cd] \"a*b?\""),
        ("name MATCHES '^[a-z]+$'", "name MATCHES \"^[a-z]+$\""),
        ("name ==[dc] 'x'", "name ==[cd] \"x\""),
    ])
    func stringOperators(input: String, expected: String) throws {
        #expect(try canonical(input) == expected)
    }

    @Test("compound predicates keep their structure", arguments: [
        ("a == 1 and b == 2 or c == 3", "(a == 1 AND b == 2) OR c == 3"),
        ("a == 1 OR b == 2 AND c == 3", "a == 1 OR (b == 2 AND c == 3)"),
        ("(a == 1 OR b == 2) AND c == 3", "(a == 1 OR b == 2) AND c == 3"),
        ("a == 1 && (b == 2 || c == 3)", "a == 1 AND (b == 2 OR c == 3)"),
        ("(a == 1 AND b == 2) AND c == 3", "(a == 1 AND b == 2) AND c == 3"),
        ("NOT a == 1", "NOT a == 1"),
        ("!(a == 1 OR b == 2)", "NOT (a == 1 OR b == 2)"),
        ("not not a == 1", "NOT NOT a == 1"),
        ("((a == 1))", "a == 1"),
        ("TRUEPREDICATE", "TRUEPREDICATE"),
        ("falsepredicate OR a == 1", "FALSEPREDICATE OR a == 1"),
    ])
    func compounds(input: String, expected: String) throws {
        let printed = try canonical(input)
        #expect(printed == expected)
        #expect(try PredicateFormatParser.parsePredicate(printed).description == printed)
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

    @Test("aggregates, BETWEEN, IN and modifiers", arguments: [
        ("age BETWEEN {18, 65}", "age BETWEEN {18, 65}"),
        ("age between $RANGE", "age BETWEEN $RANGE"),
        ("name IN {'a', \"b\"}", "name IN {\"a\", \"b\"}"),
        ("name IN $NAMES", "name IN $NAMES"),
        ("$TAG IN tags.name", "$TAG IN tags.name"),
        ("ANY tags.name == 'x'", "ANY tags.name == \"x\""),
        ("some tags.name == 'x'", "ANY tags.name == \"x\""),
        ("ALL tracks.duration > 60", "ALL tracks.duration > 60"),
        ("NONE tracks.title CONTAINS[c] 'live'", "NONE tracks.title CONTAINS[c] \"live\""),
        ("x IN {}", "x IN {}"),
    ])
    func aggregatesAndModifiers(input: String, expected: String) throws {
        #expect(try canonical(input) == expected)
    }

    @Test("literals", arguments: [
        ("a == 'it\\'s'", "a == \"it's\""),
        ("a == \"say \\\"hi\\\"\"", "a == \"say \\\"hi\\\"\""),
        ("a == 'tab\\there'", "a == \"tab\\there\""),
        ("a == '\\u00e9'", "a == \"é\""),
        ("a == 0x1F", "a == 31"),
        ("a == 0o17", "a == 15"),
        ("a == 0b101", "a == 5"),
        ("a == 2.5", "a == 2.5"),
        ("a == .5", "a == 0.5"),
        ("a == 1e3", "a == 1000.0"),
        ("a == -4", "a == -4"),
        ("a == -2.25", "a == -2.25"),
        ("a == YES", "a == TRUE"),
        ("a == no", "a == FALSE"),
        ("a == nil", "a == NIL"),
        ("a == NULL", "a == NIL"),
        ("SELF == $OBJECT", "SELF == $OBJECT"),
        ("SELF.name == 'x'", "name == \"x\""),
        ("#in == 1", "#in == 1"),
        ("tracks.@count > 3", "tracks.@count > 3"),
        ("tracks.@sum.duration >= 3600", "tracks.@sum.duration >= 3600"),
    ])
    func literals(input: String, expected: String) throws {
        #expect(try canonical(input) == expected)
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
