/// An `<entity>` of the model.
public struct Entity: Sendable, Equatable, Codable {
    /// The entity name (what `NSFetchRequest(entityName:)` takes).
    public var name: String
    /// The class name as written: same as the name, a different name, module-qualified
    /// (`CoreDataStack.Notification`), current-module (`.Character`), `NSManagedObject`, or `nil`
    /// when the file leaves it out (which means `NSManagedObject`).
    public var representedClassName: String?
    /// The Swift class name: the last dot-separated component of ``representedClassName``.
    public var className: String?
    /// The module part of a module-qualified class name (`CoreDataStack` in
    /// `CoreDataStack.Notification`); `nil` when unqualified or written with a leading dot.
    public var classModuleName: String?
    /// The parent entity name (`parentEntity`).
    public var parentEntityName: String?
    /// An abstract entity (`isAbstract="YES"`).
    public var isAbstract: Bool
    /// Xcode's codegen setting: `class`, `category`, or `nil` for Manual/None.
    public var codeGenerationType: String?
    /// The attributes declared on this entity (not the inherited ones), in file order.
    public var attributes: [Attribute]
    /// The relationships declared on this entity, in file order.
    public var relationships: [Relationship]
    /// The fetched properties declared on this entity, in file order.
    public var fetchedProperties: [FetchedProperty]
    /// Compound unique keys (`<uniquenessConstraint>`).
    public var uniquenessConstraints: [PropertyGroup]
    /// Fetch indexes (`<fetchIndex>`).
    public var fetchIndexes: [FetchIndex]
    /// Legacy compound indexes (`<compoundIndex>`).
    public var compoundIndexes: [PropertyGroup]
    /// The renaming ID used by lightweight migration (XML `elementID`).
    public var renamingIdentifier: String?
    /// The version hash modifier.
    public var versionHashModifier: String?
    /// The entity's user info.
    public var userInfo: UserInfo
    /// XML attributes the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<entity>` element starts.
    public var location: SourceLocation

    /// Creates an entity without properties.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.isAbstract = false
        self.attributes = []
        self.relationships = []
        self.fetchedProperties = []
        self.uniquenessConstraints = []
        self.fetchIndexes = []
        self.compoundIndexes = []
        self.userInfo = UserInfo()
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }

    /// The names of every property declared on this entity, attributes first, each with its location.
    public var declaredProperties: [(name: String, location: SourceLocation)] {
        attributes.map { ($0.name, $0.location) }
            + relationships.map { ($0.name, $0.location) }
            + fetchedProperties.map { ($0.name, $0.location) }
    }

    /// The attribute declared on this entity with `name`.
    public func attribute(named name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    /// The relationship declared on this entity with `name`.
    public func relationship(named name: String) -> Relationship? {
        relationships.first { $0.name == name }
    }
}
