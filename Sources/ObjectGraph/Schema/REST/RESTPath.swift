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
/// ```
///
/// A template may carry a query (`/api/album/2/info?album_id=:identifier`); substituted values are
/// percent-escaped by the store. For an entity that keeps its identifier in no attribute, a one-step
/// placeholder naming the identifier key (`.value(["id"])`) stands for the object's identifier.
public struct RESTPath: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One part of a template.
    public enum Segment: Sendable, Hashable, Codable {
        /// Text copied as written.
        case literal(String)
        /// The value at a key path of property names from the object the URL is built for.
        case value([String])
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
            if case .value(let path) = segment { path } else { nil }
        }
    }

    /// The template with placeholders written `:property.path`.
    public var description: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .value(let path): ":" + path.joined(separator: ".")
            }
        }.joined()
    }
}
