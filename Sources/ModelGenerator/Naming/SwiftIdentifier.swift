/// Case conversions that always produce a valid Swift identifier from any model name.
///
/// Names from real models may contain spaces, `-`, `.` or start with a digit. Those characters split words;
/// a result that would start with a digit gets a leading `_` (`3DModel` -> `_3DModel`); a name without any
/// letter or digit becomes `Unnamed` / `unnamed`. Keywords are not handled here: see ``SwiftNaming``.
public enum SwiftIdentifier {
    /// UpperCamelCase for type names: `"my entity_name.v2"` -> `"MyEntityNameV2"`, `"URLSession"` stays.
    public static func upperCamelCase(_ name: String) -> String {
        let words = IdentifierWords.split(name)
        return validated(words.map(IdentifierWords.capitalizingFirst).joined(), fallback: "Unnamed")
    }

    /// lowerCamelCase for member names: `"Full Name"` -> `"fullName"`, `"URL"` -> `"url"`, `"html-url"` -> `"htmlUrl"`.
    public static func lowerCamelCase(_ name: String) -> String {
        validated(IdentifierWords.lowerCamelCase(IdentifierWords.split(name)), fallback: "unnamed")
    }

    /// Whether `name` is a plain Swift identifier (letters, digits and `_`, not starting with a digit).
    /// Keywords count as identifiers here.
    public static func isValid(_ name: String) -> Bool {
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: a byte is a `Character` (a `"\r\n"` is not valid either way).
            guard let first = utf8.first, NameCharacter(ascii: first).isLetter || first == UInt8(ascii: "_") else { return false }
            return utf8.allSatisfy { NameCharacter(ascii: $0).isWordPart || $0 == UInt8(ascii: "_") }
        }
        guard let first = name.first, NameCharacter(first).isLetter || first == "_" else { return false }
        return name.allSatisfy { NameCharacter($0).isWordPart || $0 == "_" }
    }

    private static func validated(_ identifier: String, fallback: String) -> String {
        guard let first = identifier.first else { return fallback }
        return first.isNumber ? "_" + identifier : identifier
    }
}
