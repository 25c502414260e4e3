/// A fetch index declared in the model (Core Data's fetch index).
///
/// ```swift
/// IndexDescription(name: "byTitle", elements: [.init(property: "title")])
/// ```
public struct IndexDescription: Sendable, Hashable, Codable {
    /// One indexed property and its direction.
    public struct Element: Sendable, Hashable, Codable {
        /// The attribute or to-one relationship name.
        public let property: String
        /// Whether the index is ascending.
        public let ascending: Bool

        /// Creates an index element.
        public init(property: String, ascending: Bool = true) {
            self.property = property
            self.ascending = ascending
        }
    }

    /// The index's name.
    public let name: String
    /// The indexed properties in order.
    public let elements: [Element]

    /// Creates an index description.
    public init(name: String, elements: [Element]) {
        self.name = name
        self.elements = elements
    }
}
