import ObjectGraph

/// SQL text and its arguments, built together so placeholders and arguments stay in step.
///
/// The text holds `?` where arguments go and remembers where each one is, so fragments built apart can
/// be joined and still be numbered for a dialect with numbered placeholders (``text(for:)``); a `?`
/// inside a quoted identifier is never taken for one.
package struct SQLText {
    private var text = ""
    /// The arguments, in placeholder order.
    package private(set) var arguments: [AttributeValue] = []
    /// The UTF-8 offset of each placeholder in `text`.
    private var placeholderOffsets: [Int] = []

    /// Text without arguments.
    package init(_ text: String = "") { self.text = text }

    /// Appends text.
    package mutating func append(_ fragment: String) { text += fragment }

    /// Appends a placeholder bound to `value`.
    package mutating func bind(_ value: AttributeValue) {
        placeholderOffsets.append(text.utf8.count)
        text += "?"
        arguments.append(value)
    }

    /// Appends another fragment with its arguments.
    package mutating func append(_ other: SQLText) {
        let shift = text.utf8.count
        placeholderOffsets += other.placeholderOffsets.map { $0 + shift }
        text += other.text
        arguments += other.arguments
    }

    /// The statement's text with `dialect`'s placeholders.
    package func text(for dialect: SQLDialect) -> String {
        guard dialect == .postgreSQL, !placeholderOffsets.isEmpty else { return text }
        var result = ""
        let utf8 = Array(text.utf8)
        var start = 0
        for (number, offset) in placeholderOffsets.enumerated() {
            result += String(decoding: utf8[start..<offset], as: UTF8.self)
            result += dialect.placeholder(number + 1)
            start = offset + 1
        }
        return result + String(decoding: utf8[start...], as: UTF8.self)
    }
}

/// Hands out table aliases (`t1`, `t2`, …) for one query, subqueries included.
package final class AliasCounter {
    private var next = 0

    /// A counter starting at `t1`.
    package init() {}

    /// The next alias.
    package func make() -> String {
        next += 1
        return "t\(next)"
    }
}
