/// A substitution variable (`$NAME`) at its first appearance.
public struct PredicateVariable: Sendable, Hashable {
    /// The name without `$`, case preserved (variables are case-sensitive).
    public let name: String
    /// Where the variable first appears.
    public let location: PredicateLocation
}

extension PredicateNode {
    /// The substitution variables, each once, in order of first appearance in the format string.
    public var substitutionVariables: [PredicateVariable] {
        var collector = VariableCollector()
        collector.visit(self)
        return collector.variables
    }
}

extension PredicateExpression {
    /// The substitution variables, each once, in order of first appearance in the format string.
    public var substitutionVariables: [PredicateVariable] {
        var collector = VariableCollector()
        collector.visit(self)
        return collector.variables
    }
}

private struct VariableCollector {
    var variables: [PredicateVariable] = []
    private var seen: Set<String> = []

    mutating func visit(_ node: PredicateNode) {
        switch node {
        case .constant: break
        case .comparison(let comparison):
            visit(comparison.left)
            visit(comparison.right)
        case .not(let operand, _): visit(operand)
        case .and(let operands, _), .or(let operands, _): operands.forEach { visit($0) }
        }
    }

    mutating func visit(_ expression: PredicateExpression) {
        switch expression {
        case .variable(let name, let location):
            if seen.insert(name).inserted { variables.append(PredicateVariable(name: name, location: location)) }
        case .aggregate(let elements, _), .function(_, let elements, _): elements.forEach { visit($0) }
        case .keyPath, .literal, .evaluatedObject: break
        }
    }
}
