import Testing
import ModelGenerator

@Suite("Substitution variables")
struct PredicateVariablesTests {
    @Test func orderOfFirstAppearanceWithoutDuplicates() throws {
        let predicate = try PredicateFormatParser.parsePredicate(
            "oneToOne.name == $NAME OR (string == $NEEDLE AND other IN {$NAME, $THIRD}) OR $needle == x")
        #expect(predicate.substitutionVariables.map(\.name) == ["NAME", "NEEDLE", "THIRD", "needle"])
        #expect(predicate.substitutionVariables.first?.location.column == 18)
    }

    @Test func noVariables() throws {
        #expect(try PredicateFormatParser.parsePredicate("true == true").substitutionVariables.isEmpty)
    }

    @Test func variablesInExpressions() throws {
        let expression = try PredicateFormatParser.parseExpression("{$A, lowercase:($B), $A}")
        #expect(expression.substitutionVariables.map(\.name) == ["A", "B"])
    }
}
