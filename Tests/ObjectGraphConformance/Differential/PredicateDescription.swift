import ObjectGraph

extension StorePredicate {
    /// The predicate in NSPredicate-like syntax, for failure messages (`band.name ==[c] "low" AND ANY tracks.duration > 300`).
    var readable: String {
        switch self {
        case .constant(let value):
            return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .compare(let path, let op, let value, let options):
            return "\(path.joined(separator: ".")) \(op.rawValue)\(options.readable) \(value.readable)"
        case .isIn(let path, let values, let options):
            return "\(path.joined(separator: ".")) IN\(options.readable) {\(values.map(\.readable).joined(separator: ", "))}"
        case .between(let path, let lower, let upper):
            return "\(path.joined(separator: ".")) BETWEEN {\(lower.readable), \(upper.readable)}"
        case .string(let path, let op, let pattern, let options):
            return "\(path.joined(separator: ".")) \(op.rawValue)\(options.readable) \(AttributeValue.string(pattern).readable)"
        case .and(let parts):
            return parts.isEmpty ? "AND()" : "(" + parts.map(\.readable).joined(separator: " AND ") + ")"
        case .or(let parts):
            return parts.isEmpty ? "OR()" : "(" + parts.map(\.readable).joined(separator: " OR ") + ")"
        case .not(let part):
            return "NOT " + part.readable
        case .any(let path, let sub):
            return "ANY \(path.joined(separator: ".")) SATISFIES (\(sub.readable))"
        case .all(let path, let sub):
            return "ALL \(path.joined(separator: ".")) SATISFIES (\(sub.readable))"
        }
    }
}

extension StringOptions {
    /// `[c]`, `[d]`, `[cd]` or nothing.
    var readable: String {
        let letters = (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "")
        return letters.isEmpty ? "" : "[\(letters)]"
    }
}

extension AttributeValue {
    /// The value with its kind, Swift-escaped strings (`"Bjo\u{308}rk"`), `decimal(9.99)`.
    var readable: String {
        switch self {
        case .string(let text):
            return "\"" + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
        case .decimal(let value): return "decimal(\(value))"
        case .double(let value): return "double(\(value))"
        case .date(let value): return "date(\(value.timeIntervalSinceReferenceDate))"
        case .data(let value): return "data(\(Array(value)))"
        case .uuid(let value): return "uuid(\(value.uuidString))"
        case .url(let value): return "url(\(value.absoluteString))"
        default: return description
        }
    }
}
