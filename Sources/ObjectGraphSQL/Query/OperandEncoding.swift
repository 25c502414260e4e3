import Foundation
import ObjectGraph

extension AttributeType {
    /// `value` in the form this type's column stores, or `nil` when the runtime never finds a value of
    /// this type equal to or ordered with it (different kinds of value).
    package func operand(_ value: AttributeValue) -> AttributeValue? {
        switch (self, value) {
        case (_, .null):
            return .null
        case (.integer16, _), (.integer32, _), (.integer64, _), (.boolean, _), (.double, _), (.float, _):
            switch value {
            case .bool, .integer, .double: return value
            case .decimal(let decimal): return .double(NSDecimalNumber(decimal: decimal).doubleValue)
            default: return nil
            }
        case (.decimal, .decimal): return value
        case (.decimal, .integer(let integer)): return .decimal(Decimal(integer))
        case (.decimal, .double(let double)): return double.isFinite ? .decimal(Decimal(double)) : nil
        case (.decimal, .bool(let bool)): return .decimal(bool ? 1 : 0)
        case (.string, .string), (.date, .date), (.uuid, .uuid), (.uri, .url): return value
        case (.binary, .data), (.transformable, .data), (.composite, .data), (.undefined, .data): return value
        default: return nil
        }
    }
}

extension StringOptions {
    /// The options as `og_fold`'s second argument: 1 for case, 2 for diacritics.
    package var foldBits: Int { (contains(.caseInsensitive) ? 1 : 0) | (contains(.diacriticInsensitive) ? 2 : 0) }
}

/// LIKE patterns with `\` as the escape character.
package enum LikePattern {
    /// `text` with `%`, `_` and `\` escaped, so LIKE matches it literally.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// A runtime wildcard pattern (`*` any run, `?` one character) as a LIKE pattern.
    package static func fromWildcards(_ pattern: String) -> String {
        var result = ""
        for scalar in pattern.unicodeScalars {
            switch scalar {
            case "*": result += "%"
            case "?": result += "_"
            case "%", "_", "\\": result += "\\" + String(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The LIKE pattern for a string operator (not `MATCHES`).
    package static func pattern(for op: StringOperator, _ text: String) -> String {
        switch op {
        case .contains: "%" + escaped(text) + "%"
        case .beginsWith: escaped(text) + "%"
        case .endsWith: "%" + escaped(text)
        case .like, .matches: fromWildcards(text)
        }
    }
}
