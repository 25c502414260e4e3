/// What happens to the objects at the other end of a relationship when its source object is deleted.
public enum DeleteRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Remove the deleted object from the destinations' inverse relationship.
    case nullify
    /// Delete the destination objects too.
    case cascade
    /// Refuse the save while the relationship still has destination objects.
    case deny
    /// Do nothing; the inverse may keep pointing at the deleted object.
    case noAction
}

/// The static description of one relationship of an entity.
///
/// ```swift
/// RelationshipDescription(name: "albums", destination: "Album", inverse: "band",
///                         isToMany: true, deleteRule: .cascade)
/// ```
public struct RelationshipDescription: Sendable, Hashable, Codable {
    /// The relationship's name.
    public let name: String
    /// The name of the destination entity.
    public let destinationEntityName: String
    /// The name of the inverse relationship on the destination entity, if the model declares one.
    public let inverseName: String?
    /// Whether this is a to-many relationship.
    public let isToMany: Bool
    /// Whether a to-many relationship keeps its order.
    public let isOrdered: Bool
    /// The smallest number of destination objects a to-many must have when it is not empty or not optional.
    public let minCount: Int
    /// The largest number of destination objects a to-many may have; `nil` means unbounded.
    public let maxCount: Int?
    /// What deleting the source object does to the destinations.
    public let deleteRule: DeleteRule
    /// Whether the relationship may be empty (`nil` for a to-one).
    public let isOptional: Bool
    /// Whether the relationship lives only in memory.
    public let isTransient: Bool
    /// The relationship's userInfo.
    public let userInfo: UserInfo

    /// Creates a relationship description.
    public init(
        name: String,
        destination destinationEntityName: String,
        inverse inverseName: String? = nil,
        isToMany: Bool = false,
        isOrdered: Bool = false,
        minCount: Int = 0,
        maxCount: Int? = nil,
        deleteRule: DeleteRule = .nullify,
        isOptional: Bool = true,
        isTransient: Bool = false,
        userInfo: UserInfo = [:]
    ) {
        self.name = name
        self.destinationEntityName = destinationEntityName
        self.inverseName = inverseName
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.minCount = minCount
        self.maxCount = maxCount
        self.deleteRule = deleteRule
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.userInfo = userInfo
    }
}
