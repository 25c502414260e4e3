import Foundation

/// A strict JSON parser (RFC 8259) for response bodies, with limits: nesting deeper than
/// ``maximumDepth`` levels, a string that is not valid UTF-8 (or has an unpaired `\u` surrogate), a
/// key that appears twice in one object, a number outside `Double`'s range, and a document that ends
/// early are errors naming the byte offset and the JSON path (`$.items[3].name`) where they occur.
/// Integers that fit `Int64` stay integers; other numbers become doubles.
///
/// ```swift
/// let value = try JSONParser.parse(Data(#"{"id": 1, "tags": ["a"]}"#.utf8))
/// ```
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (the parser recurses once per level).
    static let maximumDepth = 512

    /// Why a document did not parse, where, and at which JSON path.
    struct Failure: Error, Equatable {
        let reason: String
        let offset: Int
        let path: String

        /// `invalid UTF-8 in a string at $[0].name (byte 12)`.
        var description: String { "\(reason) at \(path) (byte \(offset))" }
    }

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var path: [PathComponent] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses a whole document: one value, surrounded by whitespace only.
    static func parse(_ data: Data) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = data.withUnsafeBytes { raw in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self))
            do throws(Failure) {
                parser.skipWhitespace()
                let value = try parser.value(depth: 0)
                parser.skipWhitespace()
                guard parser.position == parser.bytes.count else { throw parser.failure("unexpected text after the document") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> Failure {
        var rendered = "$"
        for component in path {
            switch component {
            case .key(let key): rendered += "." + key
            case .index(let index): rendered += "[\(index)]"
            }
        }
        return Failure(reason: reason, offset: offset ?? position, path: rendered)
    }

    private var endFailure: Failure { failure("the document ends early (truncated?)") }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw endFailure }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character \(Self.show(bytes[position]))")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw endFailure }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw failure("unexpected character \(Self.show(bytes[position + offset]))", at: position + offset)
        }
        position += count
        return value
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nested deeper than \(Self.maximumDepth) levels") }
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        guard position < bytes.count else { throw endFailure }
        if bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            path.append(.index(items.count))
            skipWhitespace()
            items.append(try value(depth: depth))
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw endFailure }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(items)
            default: throw failure("expected , or ] but found \(Self.show(bytes[position]))")
            }
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("arrays and objects nested deeper than \(Self.maximumDepth) levels") }
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        guard position < bytes.count else { throw endFailure }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw endFailure }
            guard bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key but found \(Self.show(bytes[position]))") }
            let keyOffset = position
            let key = try string()
            skipWhitespace()
            guard position < bytes.count else { throw endFailure }
            guard bytes[position] == UInt8(ascii: ":") else { throw failure("expected : but found \(Self.show(bytes[position]))") }
            position += 1
            skipWhitespace()
            path.append(.key(key))
            let member = try value(depth: depth)
            path.removeLast()
            guard members.updateValue(member, forKey: key) == nil else {
                throw failure("the key \"\(key)\" appears twice in one object", at: keyOffset)
            }
            skipWhitespace()
            guard position < bytes.count else { throw endFailure }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw failure("expected , or } but found \(Self.show(bytes[position]))")
            }
        }
    }

    /// A string starting at the opening quote; its bytes must be valid UTF-8 without control characters.
    private mutating func string() throws(Failure) -> String {
        let start = position
        position += 1
        var runStart = position
        var decoded: [UInt8] = []
        var hasEscapes = false
        while true {
            guard position < bytes.count else { throw endFailure }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                guard hasEscapes else { return try validated(run, start: start) }
                decoded.append(contentsOf: run)
                return try validated(decoded, start: start)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                try escape(into: &decoded)
                runStart = position
            case 0..<0x20:
                throw failure("a control character (\(Self.show(byte))) in a string")
            default:
                position += 1
            }
        }
    }

    private func validated(_ utf8: some Collection<UInt8>, start: Int) throws(Failure) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("invalid UTF-8 in a string", at: start) }
        return text
    }

    /// Decodes the escape at `position` (a backslash) into `output`.
    private mutating func escape(into output: inout [UInt8]) throws(Failure) {
        let start = position
        position += 1
        guard position < bytes.count else { throw endFailure }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(letter)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw failure("an unpaired surrogate \\u escape in a string", at: start)
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate \\u escape in a string", at: start) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("an unpaired surrogate \\u escape in a string", at: start)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid \\u escape in a string", at: start) }
            output.append(contentsOf: UTF8.encode(unicode)!)
        default:
            throw failure("an invalid escape \\\(Self.show(letter)) in a string", at: start)
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw endFailure }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("an invalid \\u escape in a string")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// A number per the JSON grammar: an `Int64` when it has no fraction or exponent and fits, otherwise
    /// a finite `Double`.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw endFailure }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            guard skipDigits() > 0 else { throw failure("a malformed number") }
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard skipDigits() > 0 else { throw position < bytes.count ? failure("a malformed number") : endFailure }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw position < bytes.count ? failure("a malformed number") : endFailure }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else {
            throw failure("the number \(text.prefix(40)) is out of range", at: start)
        }
        return .double(double)
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - start
    }

    private static func show(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
