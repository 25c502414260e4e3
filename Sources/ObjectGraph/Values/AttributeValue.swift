import Foundation

/// One attribute value as the runtime and the stores see it: a closed set of cases, never `Any`.
///
/// Generated code converts its typed stored properties to and from this enum only when the runtime
/// needs an untyped view (saving, evaluating a predicate in memory, comparing with a snapshot):
/// `Int16`/`Int32` attributes travel as ``integer(_:)``, `Float` as ``double(_:)``, and transformable
/// or composite attributes as JSON in ``data(_:)``.
///
/// ```swift
/// let value: AttributeValue = .string("Rue Royale")
/// let snapshotValues: [AttributeValue] = [.string("Low"), .integer(1993), .null]
/// ```
public enum AttributeValue: Sendable, Hashable, Codable {
    /// No value (a Swift `nil`, SQL `NULL`).
    case null
    /// A Boolean.
    case bool(Bool)
    /// Any integer attribute (16, 32 or 64 bits).
    case integer(Int64)
    /// A `Double` or `Float` attribute.
    case double(Double)
    /// A decimal number.
    case decimal(Decimal)
    /// A string.
    case string(String)
    /// A point in time.
    case date(Date)
    /// Binary data, also used for transformable and composite attributes (JSON).
    case data(Data)
    /// A UUID.
    case uuid(UUID)
    /// A URL (Core Data's URI type).
    case url(URL)

    /// Whether this is ``null``.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name of the case, used in error messages (`"integer"`, `"string"`, …).
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer: "integer"
        case .double: "double"
        case .decimal: "decimal"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .uuid: "uuid"
        case .url: "url"
        }
    }
}

extension AttributeValue: CustomStringConvertible {
    /// A readable rendering for diagnostics, e.g. `"Low"`, `1993`, `null`.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .decimal(let value): value.description
        case .string(let value): "\"\(value)\""
        case .date(let value): value.formatted(.iso8601)
        case .data(let value): "<\(value.count) bytes>"
        case .uuid(let value): value.uuidString
        case .url(let value): value.absoluteString
        }
    }
}
