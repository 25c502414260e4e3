/// Finds the `$NAME` substitution variables of an NSPredicate format string.
enum SubstitutionVariables {
    /// The variable names without `$`, unique, in order of first use. A `$` inside a quoted
    /// string literal (`'…'` or `"…"`, with backslash escapes) is not a variable.
    static func find(in predicate: String) -> [String] {
        var names: [String] = []
        var quote: Character?
        var escaped = false
        var index = predicate.startIndex
        while index < predicate.endIndex {
            let character = predicate[index]
            index = predicate.index(after: index)
            if let open = quote {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
                continue
            }
            if character == "'" || character == "\"" {
                quote = character
                continue
            }
            guard character == "$" else { continue }
            let nameEnd = predicate[index...].firstIndex { !isIdentifierCharacter($0) } ?? predicate.endIndex
            let name = String(predicate[index..<nameEnd])
            if let first = name.first, !first.isNumber, !names.contains(name) {
                names.append(name)
            }
            index = nameEnd
        }
        return names
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }
}
