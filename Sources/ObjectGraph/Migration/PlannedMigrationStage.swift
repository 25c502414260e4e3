/// A stage ready to run: its inferred steps, both versions' schemas, the custom steps registered for
/// it, and the name mappings every store needs to carry data across (renamed, added and removed
/// entities and properties).
///
/// ```swift
/// let stage = try plan.stages(fromVersionAt: 0)[0]
/// stage.sourceEntityName(ofDestinationEntity: "Mood")                          // "Mood"
/// stage.sourceAttributeName(ofDestinationAttribute: "remoteID", entity: "Mood") // "remoteIdentifier"
/// ```
public struct PlannedMigrationStage: Sendable {
    /// The inferred steps and the versions' names.
    public let stage: MigrationStage
    /// The older version's schema.
    public let source: ModelDescription
    /// The newer version's schema.
    public let destination: ModelDescription
    /// The custom steps registered for this stage, in order.
    public let customSteps: [CustomMigrationStep]

    private let entityRenames: [String: String]
    private let addedEntities: Set<String>
    private let removedEntities: Set<String>
    private let propertyRenames: [String: String]
    private let addedProperties: Set<String>

    /// Creates a planned stage (``MigrationPlan`` makes them, after checking every name).
    public init(stage: MigrationStage, source: ModelDescription, destination: ModelDescription, customSteps: [CustomMigrationStep]) {
        self.stage = stage
        self.source = source
        self.destination = destination
        self.customSteps = customSteps
        var entityRenames: [String: String] = [:]
        var added: Set<String> = []
        var removed: Set<String> = []
        var propertyRenames: [String: String] = [:]
        var addedProperties: Set<String> = []
        for step in stage.steps {
            switch step {
            case .renameEntity(let old, let new): entityRenames[new] = old
            case .addEntity(let name): added.insert(name)
            case .removeEntity(let name): removed.insert(name)
            case .renameAttribute(let entity, let old, let new), .renameRelationship(let entity, let old, let new):
                propertyRenames["\(entity)|\(new)"] = old
            case .addAttribute(let entity, let name, _), .addRelationship(let entity, let name):
                addedProperties.insert("\(entity)|\(name)")
            default: break
            }
        }
        self.entityRenames = entityRenames
        self.addedEntities = added
        self.removedEntities = removed
        self.propertyRenames = propertyRenames
        self.addedProperties = addedProperties
    }

    /// The older version's name of the newer version's entity `name`, or `nil` when the entity is new.
    public func sourceEntityName(ofDestinationEntity name: String) -> String? {
        if addedEntities.contains(name) { return nil }
        let old = entityRenames[name] ?? name
        return source.entity(named: old) == nil ? nil : old
    }

    /// The newer version's name of the older version's entity `name`, or `nil` when it is removed.
    public func destinationEntityName(ofSourceEntity name: String) -> String? {
        if let renamed = entityRenames.first(where: { $0.value == name })?.key { return renamed }
        if removedEntities.contains(name) || addedEntities.contains(name) { return nil }
        return destination.entity(named: name) == nil ? nil : name
    }

    /// The older version's name of the attribute `name` of the newer version's `entity`, or `nil` when
    /// the older version's entity has no such attribute (the attribute is new, or the entity is).
    /// Renames declared on `entity` or any of its ancestors apply (an inherited attribute is renamed
    /// where it is declared).
    public func sourceAttributeName(ofDestinationAttribute name: String, entity: String) -> String? {
        sourcePropertyName(name, entity: entity) { $0.attribute(named: $1).map { !$0.isTransient } ?? false }
    }

    /// The older version's name of the relationship `name` of the newer version's `entity`, or `nil`
    /// when it is new.
    public func sourceRelationshipName(ofDestinationRelationship name: String, entity: String) -> String? {
        sourcePropertyName(name, entity: entity) { $0.relationship(named: $1).map { !$0.isTransient } ?? false }
    }

    private func sourcePropertyName(_ name: String, entity: String, exists: (EntityDescription, String) -> Bool) -> String? {
        guard let oldEntity = sourceEntityName(ofDestinationEntity: entity).flatMap({ source.entity(named: $0) }) else { return nil }
        var declaring: String? = entity
        while let current = declaring {
            let key = "\(current)|\(name)"
            if addedProperties.contains(key) { return nil }
            if let old = propertyRenames[key] { return exists(oldEntity, old) ? old : nil }
            declaring = destination.entity(named: current)?.parentName
        }
        return exists(oldEntity, name) ? name : nil
    }
}
