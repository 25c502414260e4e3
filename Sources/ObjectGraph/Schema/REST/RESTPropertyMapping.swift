/// Where one attribute lives in an entity's JSON.
///
/// The generator emits one for every attribute that travels over HTTP (attributes without one are
/// neither read from nor written to JSON), with the key path already spelled in JSON keys:
///
/// ```swift
/// RESTAttributeMapping(attribute: "avatarURL", keyPath: ["avatar_url"])
/// RESTAttributeMapping(attribute: "repositoryDescription", keyPath: ["description"])
/// RESTAttributeMapping(attribute: "releaseDate", keyPath: ["release_date"], format: .secondsSince1970)
/// ```
public struct RESTAttributeMapping: Sendable, Hashable, Codable {
    /// The attribute's name in the model.
    public let attribute: String
    /// JSON object keys from the entity's object to the value; more than one key reaches into nested
    /// objects (`["links", "html"]`).
    public let keyPath: [String]
    /// How the value is spelled.
    public let format: RESTValueFormat

    /// Creates an attribute mapping.
    public init(attribute: String, keyPath: [String], format: RESTValueFormat = .standard) {
        self.attribute = attribute
        self.keyPath = keyPath
        self.format = format
    }
}

/// How one relationship travels over HTTP: the URL that lists its destinations, and the JSON keys
/// that carry nested destination objects or their identifiers.
///
/// ```swift
/// // Repository JSON nests its owner and says owner_id; a user's repositories have their own URL.
/// RESTRelationshipMapping(relationship: "owner", key: "owner", foreignKey: "owner_id")
/// RESTRelationshipMapping(relationship: "repositories", key: "repositories",
///                         path: RESTPath([.literal("/users/"), .value(["login"]), .literal("/repos")]))
/// // New issues of a repository are created by POSTing to the relationship's URL.
/// RESTRelationshipMapping(relationship: "issues", path: RESTPath([.literal("/repos/"), .value(["fullName"]),
///                         .literal("/issues")]), insertsThroughPath: true)
/// ```
public struct RESTRelationshipMapping: Sendable, Hashable, Codable {
    /// The relationship's name in the model.
    public let relationship: String
    /// The JSON key of nested destination objects: an object (or `null`) for a to-one, an array of
    /// objects for a to-many. `nil` when the JSON never nests them.
    public let key: String?
    /// The JSON key of destination identifiers: a scalar (or `null`) for a to-one, an array for a
    /// to-many. Written on save for to-ones. `nil` when the JSON never carries them.
    public let foreignKey: String?
    /// The URL that lists the destinations, with placeholders filled from the source object.
    public let path: RESTPath?
    /// Whether a new destination linked to an existing source object is created by POSTing to
    /// ``path`` (instead of the destination entity's own base URL).
    public let insertsThroughPath: Bool

    /// Creates a relationship mapping.
    public init(
        relationship: String,
        key: String? = nil,
        foreignKey: String? = nil,
        path: RESTPath? = nil,
        insertsThroughPath: Bool = false
    ) {
        self.relationship = relationship
        self.key = key
        self.foreignKey = foreignKey
        self.path = path
        self.insertsThroughPath = insertsThroughPath
    }
}
