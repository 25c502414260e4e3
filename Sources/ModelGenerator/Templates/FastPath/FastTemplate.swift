/// A Mustache template compiled for ``FastTemplateLibrary``: the tags the generator's templates use (text,
/// variables, sections, inverted sections, comments and static partials), parsed by the rules of
/// swift-mustache 2.1.1's parser (`Template+Parser.swift`), so rendering it gives the same bytes as
/// swift-mustache.
///
/// Anything outside that subset makes ``init(text:)`` fail, and the template is then only rendered by
/// swift-mustache: set-delimiter, pragma, inheritance, block and dynamic partial tags, transforms, names
/// other than `.` or dot-separated non-empty words, and text with other bytes than printable ASCII, tab
/// and `\n` (so that, as in swift-mustache, which reads `Character`s, a byte is a character and `\n` the
/// only line break).
struct FastTemplate: Sendable {
    /// One parsed tag or run of text.
    indirect enum Token: Sendable {
        /// Text as is, as UTF-8 bytes.
        case text([UInt8])
        case variable(Name)
        case section(Name, [Token])
        case invertedSection(Name, [Token])
        /// A partial; `indentation` is the whitespace before a standalone partial tag (nil when not
        /// standalone), added to every line the partial renders.
        case partial(String, indentation: String?)
    }

    /// A tag's name: `.` (the current object) or the dot-separated words of a key path.
    struct Name: Sendable, Equatable {
        let isCurrent: Bool
        let path: [TemplateKey]
    }

    /// Why the fast path does not take a template or a value; the caller falls back to swift-mustache.
    struct Unsupported: Error {}

    let tokens: [Token]

    init(text: String) throws(Unsupported) {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 == 0x0A || $0 == 0x09 || (0x20...0x7E).contains($0) }) else { throw Unsupported() }
        var parser = Parser(bytes: bytes)
        tokens = try parser.parse(sectionName: nil, newLine: true)
    }
}

extension FastTemplate {
    /// swift-mustache's `MustacheTemplate.parse`, line by line, for the supported tags.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
        private static let brace = UInt8(ascii: "{"), closingBrace = UInt8(ascii: "}")
        /// swift-mustache's `sectionNameChars` (with the brackets of transforms, refused later).
        private static let nameBytes = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*".utf8)
        /// swift-mustache's `partialNameChars`.
        private static let partialNameBytes = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/".utf8)

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        private var reachedEnd: Bool { position == bytes.count }
        /// The current byte, or 0 at the end (swift-mustache's `current()` returns `"\0"` there).
        private var current: UInt8 { reachedEnd ? 0 : bytes[position] }

        private func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        @discardableResult
        private mutating func read(while accepted: (UInt8) -> Bool) -> String {
            let start = position
            while !reachedEnd, accepted(bytes[position]) { position += 1 }
            return string(start..<position)
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == newline }

        /// Reads up to a line break (left unread) or past the next `{{`; returns the text before it.
        private mutating func readUntilDelimiterOrNewline() -> String {
            let start = position
            while !reachedEnd {
                let byte = bytes[position]
                if byte == Self.newline { return string(start..<position) }
                if byte == Self.brace, position + 1 < bytes.count, bytes[position + 1] == Self.brace {
                    let text = string(start..<position)
                    position += 2
                    return text
                }
                position += 1
            }
            return string(start..<position)
        }

        /// swift-mustache's `hasLineFinished`: true at the end of the text, or when only spaces and tabs
        /// are left on the line, which is then consumed with its line break.
        private mutating func hasLineFinished() -> Bool {
            if reachedEnd { return true }
            var probe = position
            while probe < bytes.count, bytes[probe] == Self.space || bytes[probe] == Self.tab { probe += 1 }
            guard probe < bytes.count, bytes[probe] == Self.newline else { return false }
            position = probe + 1
            return true
        }

        private mutating func isStandalone(newLine: Bool) -> Bool { newLine && hasLineFinished() }

        private mutating func readClosingDelimiter() throws(Unsupported) {
            guard position + 1 < bytes.count, bytes[position] == Self.closingBrace, bytes[position + 1] == Self.closingBrace else {
                throw Unsupported()
            }
            position += 2
        }

        private mutating func parseName() throws(Unsupported) -> Name {
            read(while: Self.isWhitespace)
            let text = read { Self.nameBytes.contains($0) }
            read(while: Self.isWhitespace)
            try readClosingDelimiter()
            if text == "." { return Name(isCurrent: true, path: []) }
            let path = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !text.contains("("), !text.contains(")"), path.allSatisfy({ !$0.isEmpty }) else { throw Unsupported() }
            return Name(isCurrent: false, path: path.map(TemplateKey.init))
        }

        private mutating func parsePartialName() throws(Unsupported) -> String {
            read(while: Self.isWhitespace)
            let text = read { Self.partialNameBytes.contains($0) }
            read(while: Self.isWhitespace)
            try readClosingDelimiter()
            return text
        }

        private mutating func skipComment() throws(Unsupported) {
            while position + 1 < bytes.count {
                if bytes[position] == Self.closingBrace, bytes[position + 1] == Self.closingBrace {
                    position += 2
                    return
                }
                position += 1
            }
            throw Unsupported()
        }

        // The state names and the order of the steps are swift-mustache's, so the two can be compared.
        mutating func parse(sectionName: Name?, newLine initialNewLine: Bool) throws(Unsupported) -> [Token] {
            var tokens: [Token] = []
            var newLine = initialNewLine
            var whiteSpaceBefore = ""
            while !reachedEnd {
                if newLine {
                    whiteSpaceBefore = read { $0 == Self.space || $0 == Self.tab }
                }
                let text = readUntilDelimiterOrNewline()
                if current == Self.newline {
                    tokens.append(.text(Array((whiteSpaceBefore + text + "\n").utf8)))
                    newLine = true
                    position += 1
                    continue
                }
                if !text.isEmpty {
                    tokens.append(.text(Array((whiteSpaceBefore + text).utf8)))
                    whiteSpaceBefore = ""
                    newLine = false
                }
                if reachedEnd { break }
                var setNewLine = false
                func flushWhiteSpace() {
                    if !whiteSpaceBefore.isEmpty {
                        tokens.append(.text(Array(whiteSpaceBefore.utf8)))
                        whiteSpaceBefore = ""
                    }
                }
                switch current {
                case UInt8(ascii: "#"), UInt8(ascii: "^"):
                    let inverted = current == UInt8(ascii: "^")
                    position += 1
                    let name = try parseName()
                    if isStandalone(newLine: newLine) { setNewLine = true } else { flushWhiteSpace() }
                    let inner = try parse(sectionName: name, newLine: setNewLine)
                    tokens.append(inverted ? .invertedSection(name, inner) : .section(name, inner))
                case UInt8(ascii: "/"):
                    position += 1
                    guard try parseName() == sectionName else { throw Unsupported() }
                    if !isStandalone(newLine: newLine) { flushWhiteSpace() }
                    return tokens
                case UInt8(ascii: "!"):
                    position += 1
                    try skipComment()
                    setNewLine = isStandalone(newLine: newLine)
                case UInt8(ascii: "{"):
                    flushWhiteSpace()
                    position += 1
                    let name = try parseName()
                    guard current == Self.closingBrace else { throw Unsupported() }
                    position += 1
                    tokens.append(.variable(name))
                case UInt8(ascii: "&"):
                    flushWhiteSpace()
                    position += 1
                    tokens.append(.variable(try parseName()))
                case UInt8(ascii: ">"):
                    position += 1
                    read(while: Self.isWhitespace)
                    guard current != UInt8(ascii: "*") else { throw Unsupported() }
                    let name = try parsePartialName()
                    if !whiteSpaceBefore.isEmpty { tokens.append(.text(Array(whiteSpaceBefore.utf8))) }
                    if isStandalone(newLine: newLine) {
                        setNewLine = true
                        tokens.append(.partial(name, indentation: whiteSpaceBefore))
                    } else {
                        tokens.append(.partial(name, indentation: nil))
                    }
                    whiteSpaceBefore = ""
                case UInt8(ascii: "<"), UInt8(ascii: "$"), UInt8(ascii: "="), UInt8(ascii: "%"):
                    throw Unsupported()
                default:
                    flushWhiteSpace()
                    tokens.append(.variable(try parseName()))
                }
                newLine = setNewLine
            }
            guard sectionName == nil else { throw Unsupported() }
            return tokens
        }
    }
}
