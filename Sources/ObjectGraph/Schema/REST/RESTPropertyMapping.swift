/// Where one attribute lives in an entity's JSON, and how saves write it.
///
/// The generator emits one for every attribute that travels over HTTP (attributes without one are
/// neither read from nor written to JSON), with the key paths already spelled in JSON keys:
///
/// ```swift
/// RESTAttributeMapping(attribute: "avatarURL", keyPath: ["avatar_url"])
/// RESTAttributeMapping(attribute: "repositoryDescription", keyPath: ["description"])
/// RESTAttributeMapping(attribute: "releaseDate", keyPath: ["release_date"], format: .secondsSince1970)
/// // GitHub renames a label with PATCH {"new_name": …} and creates one with POST {"name": …}.
/// RESTAttributeMapping(attribute: "name", keyPath: ["name"], writeKeyPath: ["new_name"], createKeyPath: ["name"])
/// // Server-owned: read, never sent.
/// RESTAttributeMapping(attribute: "createdAt", keyPath: ["created_at"], isReadOnly: true)
/// ```
public struct RESTAttributeMapping: Sendable, Hashable, Codable {
    /// The attribute's name in the model.
    public let attribute: String
    /// JSON object keys from the entity's object to the value; more than one key reaches into nested
    /// objects (`["links", "html"]`).
    public let keyPath: [String]
    /// How the value is spelled.
    public let format: RESTValueFormat
    /// Where updates (PATCH or PUT) write the value (`rest.writeKey`); `nil` means ``keyPath``.
    public let writeKeyPath: [String]?
    /// Where a POST that creates the object writes the value (`rest.createKey`); `nil` means
    /// ``writeKeyPath``, else ``keyPath``.
    public let createKeyPath: [String]?
    /// Whether the server owns the value (`rest.readOnly`): it is read from responses and never sent.
    public let isReadOnly: Bool

    /// Creates an attribute mapping.
    public init(
        attribute: String, keyPath: [String], format: RESTValueFormat = .standard,
        writeKeyPath: [String]? = nil, createKeyPath: [String]? = nil, isReadOnly: Bool = false
    ) {
        self.attribute = attribute
        self.keyPath = keyPath
        self.format = format
        self.writeKeyPath = writeKeyPath
        self.createKeyPath = createKeyPath
        self.isReadOnly = isReadOnly
    }
}

/// How one relationship travels over HTTP: the URL that lists its destinations, and the JSON keys
/// that carry nested destination objects or their identifiers.
///
/// ```swift
/// // Repository JSON nests its owner and may say owner_id; saves never send it.
/// RESTRelationshipMapping(relationship: "owner", key: "owner", foreignKey: "owner_id", writesForeignKey: false)
/// // A track is created with its album's identifier: POST {"album_id": 7, …}.
/// RESTRelationshipMapping(relationship: "album", key: "album", foreignKey: "album_id")
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
    /// to-many. `nil` when the JSON never carries them.
    public let foreignKey: String?
    /// Whether saves write ``foreignKey`` (the model declared `rest.foreignKey` and not `rest.readOnly`);
    /// when `false` it is only read. A POST never writes the key of a to-one its URL already names.
    public let writesForeignKey: Bool
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
        writesForeignKey: Bool = true,
        path: RESTPath? = nil,
        insertsThroughPath: Bool = false
    ) {
        self.relationship = relationship
        self.key = key
        self.foreignKey = foreignKey
        self.writesForeignKey = writesForeignKey
        self.path = path
        self.insertsThroughPath = insertsThroughPath
    }
}
