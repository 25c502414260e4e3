import Testing
import ModelGenerator

@Suite("Predicate format errors")
struct PredicateFormatErrorTests {
    private func error(_ text: String) -> PredicateFormatError? {
        do {
            _ = try PredicateFormatParser.parsePredicate(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("malformed input is reported at the right column", arguments: [
        ("name == 'abc", 9, "unterminated string literal"),
        ("name == ", 9, "expected an expression, found end of predicate"),
        ("name", 5, "expected a comparison operator, found end of predicate"),
        ("name == 1 2", 11, "expected end of predicate, found '2'"),
        ("(a == 1", 8, "expected ')', found end of predicate"),
        ("a == 1 AND", 11, "expected an expression, found end of predicate"),
        ("a ==[x] 1", 6, "unknown comparison option 'x'; use c, d or cd"),
        ("a == {1, 2", 11, "expected ',' or '}', found end of predicate"),
        ("a BETWEEN {1, 2, 3}", 11, "BETWEEN needs an aggregate of exactly two values, {low, high}"),
        ("ANY 1 == 1", 5, "ANY, SOME, ALL and NONE apply only to a key path"),
        ("a == $", 6, "expected a variable name after '$'"),
        ("a.@foo == 1", 3, "unsupported collection operator '@foo'; use one of @count, @sum, @avg, @min, @max"),
        ("a == 1 ^ b", 8, "unexpected character '^'"),
        ("a + 1 == 2", 3, "arithmetic ('+') is not supported in model predicates"),
        ("a == 'x\\q'", 8, "unknown escape sequence '\\q'"),
        ("a == '\\u12'", 7, "'\\u' must be followed by four hex digits of a valid character"),
        ("a == 99999999999999999999", 6, "integer literal '99999999999999999999' is too large"),
        ("a == 12abc", 6, "malformed number '12a'"),
        ("SUBQUERY(x, $x, $x.a == 1).@count > 0", 1, "SUBQUERY is not supported in model predicates"),
    ])
    func malformed(input: String, column: Int, message: String) {
        let error = error(input)
        #expect(error?.message == message)
        #expect(error?.location.column == column)
    }

    @Test("format arguments are rejected with a hint", arguments: ["name == %@", "%K == $V", "age > %d"])
    func formatArguments(input: String) {
        let error = error(input)
        #expect(error?.message.contains("use a substitution variable such as $NAME") == true)
        #expect(error?.location.column == input.distance(from: input.startIndex, to: input.firstIndex(of: "%") ?? input.endIndex) + 1)
    }

    @Test func lineAndColumnOnLaterLines() {
        let error = error("a == 1 AND\n  b == 'open")
        #expect(error?.location == PredicateLocation(offset: 18, line: 2, column: 8))
        #expect(error?.description == "2:8: unterminated string literal")
    }
}
