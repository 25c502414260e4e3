/// What a custom migration step reads and writes while a store migrates: the older version's objects
/// (read only) and the newer version's (read and write), by entity and property name.
///
/// Stores implement it for their own storage; every method runs inside the migration's transaction.
/// Objects keep their keys through a migration, so ``destinationID(of:)`` turns an object of the older
/// version into its ID in the newer one. Names that the version does not have throw
/// ``MigrationError/unknownEntity(stage:entity:version:)`` or
/// ``MigrationError/unknownProperty(stage:entity:property:version:)``.
///
/// Moody 2 → 3 (`Mood.continent` from `country.continent`):
///
/// ```swift
/// CustomMigrationStep(from: "Moody 2", to: "Moody 3", name: "mood continents") { session in
///     var continentOfCountry: [AnyObjectID: AnyObjectID] = [:]
///     for country in try await session.sourceObjects(of: "Country") {
///         continentOfCountry[country.id] = try country.destination("continent")
///     }
///     for mood in try await session.sourceObjects(of: "Mood") {
///         guard let country = try mood.destination("country"), let continent = continentOfCountry[country] else { continue }
///         try await session.setRelationship("continent", of: try session.destinationID(of: mood),
///                                           to: try session.destinationID(of: continent, entity: "Continent"))
///     }
/// }
/// ```
public protocol MigrationSession: AnyObject {
    /// The stage running, with both versions' schemas.
    var stage: PlannedMigrationStage { get }

    /// Every object of `entity` (and its subentities) as the older version stored it, in key order.
    nonisolated(nonsending) func sourceObjects(of entity: String) async throws -> [MigrationObject]

    /// Every object of `entity` (and its subentities) in the newer version, as migrated so far, in key order.
    nonisolated(nonsending) func destinationObjects(of entity: String) async throws -> [MigrationObject]

    /// Inserts an object of `entity` in the newer version with `values` by attribute name (attributes
    /// not given get their default) and returns its ID.
    nonisolated(nonsending) func insert(_ entity: String, values: [String: AttributeValue]) async throws -> AnyObjectID

    /// Sets attributes of an object of the newer version.
    nonisolated(nonsending) func update(_ id: AnyObjectID, values: [String: AttributeValue]) async throws

    /// Sets the to-one relationship `name` of an object of the newer version (the inverse follows).
    nonisolated(nonsending) func setRelationship(_ name: String, of id: AnyObjectID, to destination: AnyObjectID?) async throws

    /// Adds `destinations` to the to-many relationship `name` of an object of the newer version (at the
    /// end of an ordered one; the inverse follows).
    nonisolated(nonsending) func addToRelationship(_ name: String, of id: AnyObjectID, _ destinations: [AnyObjectID]) async throws

    /// Deletes an object of the newer version (its links go with it; delete rules are not applied).
    nonisolated(nonsending) func delete(_ id: AnyObjectID) async throws
}

extension MigrationSession {
    /// The ID in the newer version of `object`, read from the older version.
    /// - Throws: ``MigrationError/stepFailed(stage:step:object:values:reason:)`` when its entity does not
    ///   exist in the newer version.
    public func destinationID(of object: MigrationObject) throws -> AnyObjectID {
        try destinationID(of: object.id, entity: object.entity.name)
    }

    /// The ID in the newer version of the object `id` of the older version's entity `entity`.
    ///
    /// ```swift
    /// let continent = try session.destinationID(of: continentID, entity: "Continent")
    /// ```
    public func destinationID(of id: AnyObjectID, entity: String) throws -> AnyObjectID {
        guard let name = stage.destinationEntityName(ofSourceEntity: entity),
              stage.destination.entity(named: name) != nil else {
            throw MigrationError.stepFailed(stage: stage.stage.description, step: "destinationID", object: id, values: [],
                                            reason: "entity \(entity) has no counterpart in version \(stage.stage.destination)")
        }
        return AnyObjectID(entityName: stage.destination.rootEntityName(of: name), key: id.key)
    }
}
