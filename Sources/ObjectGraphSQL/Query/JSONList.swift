import ObjectGraph

/// Lists bound as one JSON text parameter and read with `json_each`, for lists longer than SQLite's
/// parameter limit allows and for key lists of any length (one cached statement).
package enum JSONList {
    /// Lists longer than this go through `json_each` instead of one parameter per value.
    package static let parameterLimit = 500

    /// `[1,2,3]`.
    package static func integers(_ values: [Int64]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    /// `values` as a JSON array whose elements `json_each` returns as the SQLite values the values bind
    /// as; `nil` when one has no such form (data, UUIDs, non-finite numbers).
    package static func values(_ values: [AttributeValue]) -> String? {
        var parts: [String] = []
        parts.reserveCapacity(values.count)
        for value in values {
            switch value {
            case .integer(let integer): parts.append(String(integer))
            case .bool(let bool): parts.append(bool ? "1" : "0")
            case .double(let double) where double.isFinite: parts.append("\(double)")
            case .date(let date) where date.timeIntervalSinceReferenceDate.isFinite: parts.append("\(date.timeIntervalSinceReferenceDate)")
            case .string(let string): parts.append(quoted(string))
            case .decimal(let decimal): parts.append(quoted(decimal.description))
            case .url(let url): parts.append(quoted(url.absoluteString))
            default: return nil
            }
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
