/// The REST mapping of one entity, declared in the model's userInfo (`rest.*` keys) and emitted by the
/// generator as a literal in the entity's ``EntityDescription``: URLs, the identifier, an optional
/// envelope, and the JSON keys of every attribute and relationship that travels over HTTP.
///
/// Everything is resolved at generate time (property names, JSON keys, date formats), so a store needs
/// no naming convention at run time. Code that never uses a REST store ignores it.
///
/// ```swift
/// RESTEntityMapping(
///     path: RESTPath([.literal("/users")]),
///     objectPath: RESTPath([.literal("/users/"), .value(["login"])]),
///     identifierKey: "id", identifierAttribute: "identifier",
///     attributes: [
///         RESTAttributeMapping(attribute: "identifier", keyPath: ["id"]),
///         RESTAttributeMapping(attribute: "login", keyPath: ["login"]),
///         RESTAttributeMapping(attribute: "avatarURL", keyPath: ["avatar_url"]),
///     ],
///     relationships: [
///         RESTRelationshipMapping(relationship: "repositories", key: "repositories",
///                                 path: RESTPath([.literal("/users/"), .value(["login"]), .literal("/repos")])),
///     ])
/// ```
public struct RESTEntityMapping: Sendable, Hashable, Codable {
    /// The collection URL (`rest.path`): GET lists objects, POST creates one. `nil` when the entity is
    /// only reached through relationships.
    public let path: RESTPath?
    /// The URL of one object for GET, PATCH and DELETE. `nil` means ``path`` followed by `/` and the
    /// identifier.
    public let objectPath: RESTPath?
    /// The JSON key whose value identifies an object (`rest.identifier`, default `id`); object IDs are
    /// made from it, which uniques objects across responses.
    public let identifierKey: String
    /// The attribute that stores the identifier, if the entity has one.
    public let identifierAttribute: String?
    /// The key of the object that wraps lists of this entity in responses (`rest.envelope`), e.g.
    /// `{"results": [...]}`; a response without the key is read as the list itself.
    public let envelope: String?
    /// The attributes that travel over HTTP.
    public let attributes: [RESTAttributeMapping]
    /// The relationships with URLs or JSON keys.
    public let relationships: [RESTRelationshipMapping]
    /// The JSON key that names an object's entity in an inheritance hierarchy (`rest.entityKey` on the
    /// hierarchy's root entity, e.g. `type`), emitted on every entity of the hierarchy; `nil` when the
    /// hierarchy has none, and JSON objects are read as the entity asked for.
    public let entityKey: String?
    /// The value of ``entityKey`` that names this entity (`rest.entityValue`, default the entity name);
    /// `nil` for abstract entities, which no object is an instance of.
    public let entityValue: String?

    /// Creates an entity mapping.
    public init(
        path: RESTPath? = nil,
        objectPath: RESTPath? = nil,
        identifierKey: String = "id",
        identifierAttribute: String? = nil,
        envelope: String? = nil,
        attributes: [RESTAttributeMapping] = [],
        relationships: [RESTRelationshipMapping] = [],
        entityKey: String? = nil,
        entityValue: String? = nil
    ) {
        self.path = path
        self.objectPath = objectPath
        self.identifierKey = identifierKey
        self.identifierAttribute = identifierAttribute
        self.envelope = envelope
        self.attributes = attributes
        self.relationships = relationships
        self.entityKey = entityKey
        self.entityValue = entityValue
    }

    /// The mapping of the attribute called `name`, if it travels over HTTP.
    public func attribute(named name: String) -> RESTAttributeMapping? {
        attributes.first { $0.attribute == name }
    }

    /// The mapping of the relationship called `name`, if it has one.
    public func relationship(named name: String) -> RESTRelationshipMapping? {
        relationships.first { $0.relationship == name }
    }
}
