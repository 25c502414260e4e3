/// One untyped sort key: a path to an attribute (through to-one relationships) and a direction.
///
/// Order semantics every store must follow: `null` sorts before every value when ascending, numbers
/// compare numerically across integer/double/decimal, strings by Unicode scalars; sorting is stable, so
/// ties keep the store's natural order (insertion order for the built-in stores).
///
/// ```swift
/// let sorts = [SortExpression(["band", "name"]), SortExpression(["year"], ascending: false)]
/// ```
public struct SortExpression: Sendable, Hashable, Codable {
    /// Property names from the fetched entity: to-one steps, then an attribute.
    public let path: [String]
    /// Whether smaller values come first.
    public let ascending: Bool

    /// Creates a sort key.
    public init(_ path: [String], ascending: Bool = true) {
        self.path = path
        self.ascending = ascending
    }
}
