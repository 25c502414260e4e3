/// Splits a predicate format string into tokens, each with its location.
struct PredicateLexer {
    let characters: [Character]
    private(set) var index = 0
    private(set) var line = 1
    private(set) var lineStart = 0

    init(_ text: String) {
        characters = Array(text)
    }

    /// All tokens of the text, ending with `.end`.
    static func tokens(of text: String) throws(PredicateFormatError) -> [PredicateToken] {
        var lexer = PredicateLexer(text)
        var tokens: [PredicateToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var location: PredicateLocation {
        PredicateLocation(offset: index, line: line, column: index - lineStart + 1)
    }

    func peek(_ ahead: Int = 0) -> Character? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    mutating func advance() {
        if characters[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func next() throws(PredicateFormatError) -> PredicateToken {
        while let character = peek(), character.isWhitespace { advance() }
        let start = location
        guard let character = peek() else { return PredicateToken(kind: .end, text: "", location: start) }
        let kind: PredicateToken.Kind
        if character.isPredicateWordStart {
            let word = readWord()
            kind = PredicateKeyword(word: word).map { .keyword($0) } ?? .identifier(word)
        } else if character.isASCII, character.isNumber {
            kind = try readNumber(at: start)
        } else if character == "\"" || character == "'" {
            kind = .string(try readString(at: start))
        } else {
            kind = try readSymbol(character, at: start)
        }
        let text = String(characters[start.offset..<index])
        return PredicateToken(kind: kind, text: text, location: start)
    }

    private mutating func readWord() -> String {
        let start = index
        while let character = peek(), character.isPredicateWordPart { advance() }
        return String(characters[start..<index])
    }

    private mutating func readPrefixedWord(_ what: String, at start: PredicateLocation) throws(PredicateFormatError) -> String {
        advance()
        guard let character = peek(), character.isPredicateWordStart else {
            throw PredicateFormatError("expected \(what) after '\(characters[start.offset])'", at: start)
        }
        return readWord()
    }

    private mutating func readSymbol(_ character: Character, at start: PredicateLocation) throws(PredicateFormatError) -> PredicateToken.Kind {
        switch character {
        case "$": return .variable(try readPrefixedWord("a variable name", at: start))
        case "@": return .collectionOperator(try readPrefixedWord("a collection operator name", at: start))
        case "#": return .escapedIdentifier(try readPrefixedWord("a key", at: start))
        case "%":
            throw PredicateFormatError(
                "format arguments such as '%@' or '%K' cannot be used in a model's predicate; use a substitution variable such as $NAME",
                at: start)
        case "." where peek(1).map { $0.isASCII && $0.isNumber } == true:
            return try readNumber(at: start)
        default:
            break
        }
        for (spelling, kind) in Self.symbols where matches(spelling) {
            for _ in spelling { advance() }
            return kind
        }
        throw PredicateFormatError("unexpected character '\(character)'", at: start)
    }

    private func matches(_ spelling: String) -> Bool {
        for (offset, expected) in spelling.enumerated() where peek(offset) != expected { return false }
        return true
    }

    /// Symbols, longest spelling first so that `==` wins over `=`.
    private static let symbols: [(String, PredicateToken.Kind)] = [
        ("==", .comparison(.equal)), ("!=", .comparison(.notEqual)), ("<>", .comparison(.notEqual)),
        ("<=", .comparison(.lessThanOrEqual)), ("=<", .comparison(.lessThanOrEqual)),
        (">=", .comparison(.greaterThanOrEqual)), ("=>", .comparison(.greaterThanOrEqual)),
        ("&&", .keyword(.and)), ("||", .keyword(.or)), ("**", .arithmetic("**")),
        ("=", .comparison(.equal)), ("<", .comparison(.lessThan)), (">", .comparison(.greaterThan)),
        ("!", .keyword(.not)), ("+", .arithmetic("+")), ("-", .arithmetic("-")), ("*", .arithmetic("*")),
        ("/", .arithmetic("/")), ("(", .leftParenthesis), (")", .rightParenthesis), ("{", .leftBrace),
        ("}", .rightBrace), ("[", .leftBracket), ("]", .rightBracket), (",", .comma), (".", .dot), (":", .colon),
    ]
}

extension Character {
    var isPredicateWordStart: Bool { isLetter || self == "_" }
    var isPredicateWordPart: Bool { isLetter || isNumber || self == "_" }
}
