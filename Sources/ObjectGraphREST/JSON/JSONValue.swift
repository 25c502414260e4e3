import Foundation

/// A parsed JSON document, keeping numbers that are integers apart from the others so values can be
/// checked against attribute types.
enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses a response body with ``JSONParser``.
    /// - Throws: ``RESTError/malformedDocument(url:reason:excerpt:)`` when `data` is not JSON, naming the
    ///   problem, its byte offset and JSON path (truncation, nesting deeper than 512 levels, invalid UTF-8,
    ///   a duplicate key, a number out of range).
    static func parse(_ data: Data, url: String) throws(RESTError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw .malformedDocument(url: url, reason: "not JSON: \(error.description)", excerpt: RESTError.excerpt(data))
        }
    }

    /// The value as compact JSON with sorted keys.
    var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// The value at `keyPath` of nested objects; `nil` when a key is absent (or a step is not an object).
    subscript(keyPath keyPath: [String]) -> JSONValue? {
        var current = self
        for key in keyPath {
            guard case .object(let members) = current, let next = members[key] else { return nil }
            current = next
        }
        return current
    }

    /// A copy with `value` stored at `keyPath`, creating intermediate objects.
    func setting(_ value: JSONValue, at keyPath: ArraySlice<String>) -> JSONValue {
        guard let key = keyPath.first else { return value }
        var members: [String: JSONValue] = if case .object(let existing) = self { existing } else { [:] }
        members[key] = (members[key] ?? .null).setting(value, at: keyPath.dropFirst())
        return .object(members)
    }

    /// A short rendering for error messages.
    var excerpt: String { RESTError.excerpt(data) }
}
