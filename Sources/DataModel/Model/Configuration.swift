/// A reference to an entity by name, with the location of the element that names it.
public struct EntityReference: Sendable, Equatable, Codable {
    /// The entity name.
    public var name: String
    /// Where the referring element starts.
    public var location: SourceLocation

    /// Creates a reference.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A `<configuration>`: a named subset of the entities (the implicit `Default` one is never written).
public struct Configuration: Sendable, Equatable, Codable {
    /// The configuration name.
    public var name: String
    /// The `<memberEntity>` elements in order.
    public var memberEntities: [EntityReference]
    /// XML attributes the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<configuration>` element starts.
    public var location: SourceLocation

    /// Creates a configuration.
    public init(name: String, memberEntities: [EntityReference], location: SourceLocation) {
        self.name = name
        self.memberEntities = memberEntities
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }
}

/// A model-level `<composite>`: a named group of attributes that ``AttributeType/composite``
/// attributes refer to. Composites may nest and may be empty.
public struct CompositeType: Sendable, Equatable, Codable {
    /// The composite type name.
    public var name: String
    /// Its attributes.
    public var attributes: [Attribute]
    /// XML attributes the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<composite>` element starts.
    public var location: SourceLocation

    /// Creates a composite type.
    public init(name: String, attributes: [Attribute], location: SourceLocation) {
        self.name = name
        self.attributes = attributes
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }
}
