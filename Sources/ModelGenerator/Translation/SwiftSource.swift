import Foundation

/// Spelling of Swift literals in generated code.
public enum SwiftSource {
    /// A one-line Swift string literal for `text`, with escapes (`"a\"b\n"`); control characters as `\u{…}`.
    public static func string(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A Swift literal for a `Double`, always with a fraction or exponent so it is never read as an integer.
    static func double(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? ".nan" : (value < 0 ? "-.infinity" : ".infinity") }
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// `text` on one line, for doc comments: line breaks become spaces.
    static func docText(_ text: String) -> String {
        // ASCII without line feeds, vertical tabs, form feeds and carriage returns has no line break.
        if text.utf8.allSatisfy({ $0 < 0x80 && !(0x0A...0x0D).contains($0) }) { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// `name` with its first letter lowercased (`MediaItem` -> `mediaItem`).
    static func lowercasingFirst(_ name: String) -> String {
        if let ascii = IdentifierWords.replacingFirstASCIIByte(of: name, with: { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }) {
            return ascii
        }
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// A comma-separated argument list, dropping empty arguments.
    static func arguments(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
