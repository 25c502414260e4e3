extension PredicateNode: CustomStringConvertible {
    /// The canonical format string: upper-case keywords, `==`/`!=`/`<=`/`>=`, double-quoted strings,
    /// parentheses only around nested compound predicates. It parses back to the same tree.
    public var description: String {
        switch self {
        case .constant(let value, _):
            value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison):
            comparison.description
        case .not(let operand, _):
            "NOT " + operand.parenthesizedIfCompound
        case .and(let operands, _):
            operands.map(\.parenthesizedIfCompound).joined(separator: " AND ")
        case .or(let operands, _):
            operands.map(\.parenthesizedIfCompound).joined(separator: " OR ")
        }
    }

    private var parenthesizedIfCompound: String {
        switch self {
        case .and, .or: "(\(description))"
        case .constant, .comparison, .not: description
        }
    }
}

extension PredicateComparison: CustomStringConvertible {
    /// The canonical format of the comparison, e.g. `ANY tags.name ==[c] "swift"`.
    public var description: String {
        var text = modifier.map { $0.rawValue + " " } ?? ""
        text += "\(left) \(`operator`.rawValue)"
        if !options.isEmpty {
            text += "[" + (options.contains(.caseInsensitive) ? "c" : "") + (options.contains(.diacriticInsensitive) ? "d" : "") + "]"
        }
        return text + " \(right)"
    }
}

extension PredicateExpression: CustomStringConvertible {
    /// The canonical format of the expression.
    public var description: String {
        switch self {
        case .keyPath(let keyPath): keyPath.description
        case .variable(let name, _): "$" + name
        case .literal(let literal, _): literal.description
        case .aggregate(let elements, _): "{" + elements.map(\.description).joined(separator: ", ") + "}"
        case .evaluatedObject: "SELF"
        case .function(let name, let arguments, _): name + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
        }
    }
}

extension PredicateKeyPath: CustomStringConvertible {
    /// Components joined with dots; a key spelled like a reserved word is escaped with `#`.
    public var description: String {
        components.map { component in
            switch component.kind {
            case .key(let name): PredicateKeyword(word: name) == nil ? name : "#" + name
            case .collectionOperator(let collectionOperator): "@" + collectionOperator.rawValue
            }
        }.joined(separator: ".")
    }
}

extension PredicateLiteral: CustomStringConvertible {
    /// The canonical literal: `"text"` with escapes, decimal numbers, `TRUE`, `FALSE`, `NIL`.
    public var description: String {
        switch self {
        case .string(let value): Self.quoted(value)
        case .integer(let value): String(value)
        case .decimal(let value): String(value)
        case .boolean(let value): value ? "TRUE" : "FALSE"
        case .null: "NIL"
        }
    }

    private static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            if let escape = PredicateStringEscapes.escapeByValue[scalar] {
                text += escape
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
