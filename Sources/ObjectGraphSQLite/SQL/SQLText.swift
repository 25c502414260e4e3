import ObjectGraph

/// SQL text and its arguments, built together so placeholders and arguments stay in step.
struct SQLText {
    var text = ""
    var arguments: [AttributeValue] = []

    init(_ text: String = "") { self.text = text }

    mutating func append(_ fragment: String) { text += fragment }

    /// Appends a `?` placeholder bound to `value`.
    mutating func bind(_ value: AttributeValue) {
        text += "?"
        arguments.append(value)
    }

    /// Appends another fragment with its arguments.
    mutating func append(_ other: SQLText) {
        text += other.text
        arguments += other.arguments
    }
}

/// Hands out table aliases (`t1`, `t2`, …) for one query, subqueries included.
final class AliasCounter {
    private var next = 0

    func make() -> String {
        next += 1
        return "t\(next)"
    }
}
