/// One object as a custom migration step sees it: its ID, concrete entity, stored attribute values and
/// to-one destinations, read by name.
///
/// ```swift
/// for mood in try await session.sourceObjects(of: "Mood") {
///     let rating = try mood.value("rating")          // .integer(3)
///     let country = try mood.destination("country")  // Country/12, or nil
/// }
/// ```
public struct MigrationObject: Sendable {
    /// The object's ID in the version it was read from.
    public let id: AnyObjectID
    /// The object's entity as that version describes it.
    public let entity: EntityDescription
    /// The version the object was read from.
    public let version: String
    /// The stage during which it was read.
    public let stage: String
    private let values: [String: AttributeValue]
    private let destinations: [String: AnyObjectID]

    /// Creates an object read by a store: `values` by attribute name (a missing stored attribute has no
    /// value), `destinations` by to-one relationship name (a missing one is empty).
    public init(id: AnyObjectID, entity: EntityDescription, version: String, stage: String,
                values: [String: AttributeValue], destinations: [String: AnyObjectID]) {
        self.id = id
        self.entity = entity
        self.version = version
        self.stage = stage
        self.values = values
        self.destinations = destinations
    }

    /// The value of the stored attribute `name` (``AttributeValue/null`` when it has none).
    /// - Throws: ``MigrationError/unknownProperty(stage:entity:property:version:)`` when the entity has
    ///   no stored attribute of that name in this version.
    public func value(_ name: String) throws -> AttributeValue {
        guard let attribute = entity.attribute(named: name), !attribute.isTransient else {
            throw MigrationError.unknownProperty(stage: stage, entity: entity.name, property: name, version: version)
        }
        return values[attribute.name] ?? .null
    }

    /// The destination of the to-one relationship `name`, or `nil` when it is empty.
    /// - Throws: ``MigrationError/unknownProperty(stage:entity:property:version:)`` when the entity has
    ///   no to-one relationship of that name in this version.
    public func destination(_ name: String) throws -> AnyObjectID? {
        guard let relationship = entity.relationship(named: name), !relationship.isToMany, !relationship.isTransient else {
            throw MigrationError.unknownProperty(stage: stage, entity: entity.name, property: name, version: version)
        }
        return destinations[name]
    }
}
