/// How an attribute's value is written in JSON when its type allows more than one spelling.
///
/// ```swift
/// RESTAttributeMapping(attribute: "releaseDate", keyPath: ["release_date"], format: .secondsSince1970)
/// ```
public enum RESTValueFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// The usual JSON spelling of the attribute's type: dates as ISO 8601 strings (fractional seconds
    /// accepted), binary data as base64, UUIDs and URLs as strings, decimals as numbers or strings.
    case standard
    /// Dates as numbers of seconds since 1970-01-01 (Unix time), as Bandcamp writes them.
    case secondsSince1970
    /// Dates as numbers of milliseconds since 1970-01-01.
    case millisecondsSince1970
}
