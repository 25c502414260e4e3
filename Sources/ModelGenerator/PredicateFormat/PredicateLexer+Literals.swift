extension PredicateLexer {
    /// Reads a quoted string starting at the opening quote; returns its value with escapes resolved.
    mutating func readString(at start: PredicateLocation) throws(PredicateFormatError) -> String {
        let quote = characters[index]
        advance()
        var value = ""
        while let character = peek() {
            advance()
            if character == quote { return value }
            if character == "\\" {
                value.unicodeScalars.append(try readEscape())
            } else {
                value.append(character)
            }
        }
        throw PredicateFormatError("unterminated string literal", at: start)
    }

    private mutating func readEscape() throws(PredicateFormatError) -> Unicode.Scalar {
        let escapeLocation = PredicateLocation(offset: index - 1, line: line, column: index - lineStart)
        guard let character = peek() else { throw PredicateFormatError("unterminated string literal", at: escapeLocation) }
        advance()
        if let value = PredicateStringEscapes.valueByLetter[character] { return value }
        guard character == "u" else {
            throw PredicateFormatError("unknown escape sequence '\\\(character)'", at: escapeLocation)
        }
        var digits = ""
        while digits.count < 4, let digit = peek(), digit.isHexDigit {
            digits.append(digit)
            advance()
        }
        if digits.count == 4, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) { return scalar }
        throw PredicateFormatError("'\\u' must be followed by four hex digits of a valid character", at: escapeLocation)
    }

    /// Reads an integer (decimal, `0x`, `0o`, `0b`) or a decimal number with fraction and exponent.
    mutating func readNumber(at start: PredicateLocation) throws(PredicateFormatError) -> PredicateToken.Kind {
        if peek() == "0", let prefix = peek(1), let radix = ["x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2][prefix] {
            advance()
            advance()
            let digits = readWhile { $0.isHexDigit }
            guard !digits.isEmpty, let value = Int(digits, radix: radix) else {
                throw PredicateFormatError("malformed or too large number '0\(prefix)\(digits)'", at: start)
            }
            return .integer(value)
        }
        var text = readWhile { $0.isASCII && $0.isNumber }
        var isDecimal = false
        if peek() == ".", peek(1).map({ $0.isASCII && $0.isNumber }) == true {
            advance()
            text += "." + readWhile { $0.isASCII && $0.isNumber }
            isDecimal = true
        }
        if let e = peek(), e == "e" || e == "E" {
            advance()
            text += "e"
            if let sign = peek(), sign == "+" || sign == "-" {
                advance()
                text.append(sign)
            }
            let exponent = readWhile { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { throw PredicateFormatError("malformed number exponent", at: start) }
            text += exponent
            isDecimal = true
        }
        if let next = peek(), next.isPredicateWordPart {
            throw PredicateFormatError("malformed number '\(text)\(next)'", at: start)
        }
        if isDecimal, let value = Double(text.hasPrefix(".") ? "0" + text : text) { return .decimal(value) }
        guard let value = Int(text) else { throw PredicateFormatError("integer literal '\(text)' is too large", at: start) }
        return .integer(value)
    }

    private mutating func readWhile(_ accept: (Character) -> Bool) -> String {
        var text = ""
        while let character = peek(), accept(character) {
            text.append(character)
            advance()
        }
        return text
    }
}
