/// The declared type of an attribute, mirroring Core Data's attribute types.
///
/// The type decides which ``AttributeValue`` case a store receives and returns:
/// integers of every width as ``AttributeValue/integer(_:)``, ``float`` and ``double`` as
/// ``AttributeValue/double(_:)``, ``transformable`` and ``composite`` as JSON ``AttributeValue/data(_:)``.
public enum AttributeType: String, Sendable, Hashable, Codable, CaseIterable {
    /// `String`.
    case string
    /// `Int16`.
    case integer16
    /// `Int32`.
    case integer32
    /// `Int64`.
    case integer64
    /// `Decimal`.
    case decimal
    /// `Double`.
    case double
    /// `Float`.
    case float
    /// `Bool`.
    case boolean
    /// `Date`.
    case date
    /// `Data` (Core Data's Binary Data).
    case binary
    /// `UUID`.
    case uuid
    /// `URL` (Core Data's URI).
    case uri
    /// A `Codable` value stored as JSON data.
    case transformable
    /// A composite attribute stored as JSON data.
    case composite
    /// Core Data's Undefined type (transient only).
    case undefined

    /// Whether values of this type are ordered, so `<`, `BETWEEN` and sorting apply.
    public var isOrdered: Bool {
        switch self {
        case .string, .integer16, .integer32, .integer64, .decimal, .double, .float, .date: true
        default: false
        }
    }

    /// Whether min/max constraints on this type limit a length (strings, binary data) rather than a value.
    public var constrainsLength: Bool {
        self == .string || self == .binary
    }
}
