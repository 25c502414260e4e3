/// The backslash escapes of predicate string literals, shared by the lexer and the canonical printer.
enum PredicateStringEscapes {
    /// The letter after a backslash, and the character it stands for.
    static let pairs: [(letter: Character, value: Unicode.Scalar)] = [
        ("\\", "\\"), ("\"", "\""), ("'", "'"), ("n", "\n"), ("r", "\r"), ("t", "\t"), ("0", "\0"),
    ]

    /// The character an escape letter stands for.
    static let valueByLetter = Dictionary(uniqueKeysWithValues: pairs.map { ($0.letter, $0.value) })

    /// The escape printed for a character in a double-quoted canonical string (`'` needs none there).
    static let escapeByValue = Dictionary(uniqueKeysWithValues: pairs.filter { $0.letter != "'" }.map { ($0.value, "\\\($0.letter)") })
}
