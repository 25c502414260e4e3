/// A URL path template of the REST mapping, already resolved by the generator: literal text and
/// placeholders that name a key path of Swift property names (to-one steps, then an attribute).
///
/// The model writes `/repos/:repository.full_name/issues` with JSON keys; generated code carries the
/// resolved form, so a store substitutes values without converting names at run time:
///
/// ```swift
/// let issues = RESTPath([.literal("/repos/"), .value(["repository", "fullName"]), .literal("/issues")])
/// issues.description  // "/repos/:repository.fullName/issues"
/// issues.keyPaths     // [["repository", "fullName"]]
/// let label = RESTPath([.literal("/repos/"), .value(["repository", "fullName"]), .literal("/labels/"), .segment(["name"])])
/// label.description   // "/repos/:repository.fullName/labels/::name"
/// ```
///
/// In the path, a ``Segment/value(_:)`` is path text: the store percent-escapes what a path may not
/// contain and keeps `/` (`octocat/Hello-World` stays `octocat/Hello-World`); a ``Segment/segment(_:)``
/// stays one path segment, its `/` escaped as `%2F`. After a `?` both are escaped as query values
/// (`/api/album/2/info?album_id=:identifier`). For an entity that keeps its identifier in no attribute,
/// a one-step placeholder naming the identifier key (`.value(["id"])`) stands for the object's identifier.
public struct RESTPath: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One part of a template.
    public enum Segment: Sendable, Hashable, Codable {
        /// Text copied as written.
        case literal(String)
        /// The value at a key path of property names from the object the URL is built for, as path
        /// text: `/` in the value separates path segments (the model's `:key.path`).
        case value([String])
        /// The value at a key path, as exactly one path segment: `/` in the value is escaped (the
        /// model's `::key.path`).
        case segment([String])
    }

    /// The parts, in order.
    public let segments: [Segment]

    /// Creates a template from its parts.
    public init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// The key paths of the placeholders, in order.
    public var keyPaths: [[String]] {
        segments.compactMap { segment in
            switch segment {
            case .literal: nil
            case .value(let path), .segment(let path): path
            }
        }
    }

    /// The template with placeholders written `:property.path` (path text) or `::property.path` (one segment).
    public var description: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .value(let path): ":" + path.joined(separator: ".")
            case .segment(let path): "::" + path.joined(separator: ".")
            }
        }.joined()
    }
}
