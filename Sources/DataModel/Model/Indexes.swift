/// A list of property names with a location: one `<uniquenessConstraint>` (a compound unique key)
/// or one legacy `<compoundIndex>`.
public struct PropertyGroup: Sendable, Equatable, Codable {
    /// The property names in written order.
    public var propertyNames: [String]
    /// Where the group's element starts.
    public var location: SourceLocation

    /// Creates a group.
    public init(propertyNames: [String], location: SourceLocation) {
        self.propertyNames = propertyNames
        self.location = location
    }
}

/// One `<fetchIndexElement>` of a fetch index.
public struct FetchIndexElement: Sendable, Equatable, Codable {
    /// The indexed property (an attribute or a to-one relationship).
    public var propertyName: String
    /// The index type as written (`Binary`; `RTree` exists in the API).
    public var type: String
    /// Whether the order is ascending (`order="ascending"`, the default) rather than descending.
    public var isAscending: Bool
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates an index element.
    public init(propertyName: String, type: String, isAscending: Bool, location: SourceLocation) {
        self.propertyName = propertyName
        self.type = type
        self.isAscending = isAscending
        self.location = location
    }
}

/// A `<fetchIndex>` (iOS 11+ style index).
public struct FetchIndex: Sendable, Equatable, Codable {
    /// The index name (Xcode's default is `byXxxIndex`).
    public var name: String
    /// The indexed properties in order.
    public var elements: [FetchIndexElement]
    /// Where the `<fetchIndex>` element starts.
    public var location: SourceLocation

    /// Creates a fetch index.
    public init(name: String, elements: [FetchIndexElement], location: SourceLocation) {
        self.name = name
        self.elements = elements
        self.location = location
    }
}
