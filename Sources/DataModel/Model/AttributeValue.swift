/// A typed value read from an attribute's default value or bounds.
///
/// Encoded in JSON as `{"kind": "integer", "value": 5}`; ``text(_:)`` keeps what could not be
/// read as the attribute's type.
public enum AttributeValue: Sendable, Equatable, Codable {
    /// A string, exactly as written (`defaultValueString="&quot;&quot;"` is two quote characters).
    case string(String)
    /// An integer (integer defaults and bounds, and the length bounds of strings and binary data).
    case integer(Int64)
    /// A `Double` or `Float` value.
    case real(Double)
    /// A `Decimal` value, kept as its decimal text so that no precision is lost.
    case decimal(String)
    /// A Boolean (`YES`/`NO`, `true`/`false`, `1`/`0`, `0.0` in real files).
    case boolean(Bool)
    /// A date, as seconds since 2001-01-01 00:00:00 UTC (Core Data's reference date).
    case date(Double)
    /// Text the reader did not interpret for this attribute type.
    case text(String)

    private enum CodingKeys: String, CodingKey {
        case kind, value
    }

    private enum Kind: String, Codable {
        case string, integer, real, decimal, boolean, date, text
    }

    /// Decodes the `{"kind": …, "value": …}` form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .string: self = .string(try container.decode(String.self, forKey: .value))
        case .integer: self = .integer(try container.decode(Int64.self, forKey: .value))
        case .real: self = .real(try container.decode(Double.self, forKey: .value))
        case .decimal: self = .decimal(try container.decode(String.self, forKey: .value))
        case .boolean: self = .boolean(try container.decode(Bool.self, forKey: .value))
        case .date: self = .date(try container.decode(Double.self, forKey: .value))
        case .text: self = .text(try container.decode(String.self, forKey: .value))
        }
    }

    /// Encodes the `{"kind": …, "value": …}` form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let (kind, value) = kindAndValue
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: .value)
    }

    private var kindAndValue: (Kind, any Encodable) {
        switch self {
        case .string(let value): (.string, value)
        case .integer(let value): (.integer, value)
        case .real(let value): (.real, value)
        case .decimal(let value): (.decimal, value)
        case .boolean(let value): (.boolean, value)
        case .date(let value): (.date, value)
        case .text(let value): (.text, value)
        }
    }
}
