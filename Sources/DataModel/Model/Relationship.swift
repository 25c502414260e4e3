/// What happens to the destination when the source object is deleted (`deletionRule`).
public enum DeleteRule: String, Sendable, Equatable, Codable, CaseIterable {
    /// Set the inverse to nil (`Nullify`).
    case nullify = "Nullify"
    /// Delete the destination objects too (`Cascade`).
    case cascade = "Cascade"
    /// Refuse the delete while the relationship is not empty (`Deny`).
    case deny = "Deny"
    /// Do nothing and leave the inverse dangling (`No Action`, written with a space).
    case noAction = "No Action"
}

/// A `<relationship>` of an entity.
public struct Relationship: Sendable, Equatable, Codable {
    /// The property name.
    public var name: String
    /// The destination entity name (`destinationEntity`).
    public var destinationEntityName: String
    /// The inverse relationship's name, when the file declares one.
    public var inverseName: String?
    /// The entity that declares the inverse (in real files always the destination).
    public var inverseEntityName: String?
    /// A to-many relationship (`toMany="YES"`).
    public var isToMany: Bool
    /// An ordered to-many relationship (`ordered="YES"`).
    public var isOrdered: Bool
    /// The minimum count, when written.
    public var minCount: Int?
    /// The maximum count, when written (Xcode writes 1 on every to-one).
    public var maxCount: Int?
    /// The delete rule.
    public var deleteRule: DeleteRule
    /// Core Data's `optional` flag (save-time validation).
    public var isOptional: Bool
    /// Not persisted (`transient="YES"`).
    public var isTransient: Bool
    /// The legacy index flag (`indexed="YES"`).
    public var isIndexed: Bool
    /// The renaming ID used by lightweight migration (XML `elementID`).
    public var renamingIdentifier: String?
    /// The version hash modifier.
    public var versionHashModifier: String?
    /// The relationship's user info.
    public var userInfo: UserInfo
    /// XML attributes the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<relationship>` element starts.
    public var location: SourceLocation

    /// Creates an optional-less, to-one, nullifying relationship; set the rest as needed.
    public init(name: String, destinationEntityName: String, location: SourceLocation) {
        self.name = name
        self.destinationEntityName = destinationEntityName
        self.isToMany = false
        self.isOrdered = false
        self.deleteRule = .nullify
        self.isOptional = false
        self.isTransient = false
        self.isIndexed = false
        self.userInfo = UserInfo()
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }
}
