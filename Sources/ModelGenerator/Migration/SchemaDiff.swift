import DataModel

/// The diff of two stored schemas behind ``MigrationPlanner``: matches elements by renaming key and
/// collects steps and problems.
struct SchemaDiff {
    let old: StoredSchema
    let new: StoredSchema
    let hasCustomStep: Bool
    private(set) var steps: [MigrationStep] = []
    private(set) var problems: [Diagnostic] = []
    /// New entity name by old entity name, for the entities that survive.
    private(set) var entityNames: [String: String] = [:]

    init(old: StoredSchema, new: StoredSchema, hasCustomStep: Bool) {
        self.old = old
        self.new = new
        self.hasCustomStep = hasCustomStep
    }

    var pair: String { "'\(old.versionName)' → '\(new.versionName)'" }

    mutating func run() {
        let oldByKey = uniqueKeys(old)
        let newByKey = uniqueKeys(new)
        for entity in old.entities {
            if let match = newByKey[entity.key], oldByKey[entity.key].map({ old.entities[$0].name }) == entity.name {
                entityNames[entity.name] = new.entities[match].name
            }
        }
        var matched: [(StoredSchema.StoredEntity, StoredSchema.StoredEntity)] = []
        for (position, entity) in new.entities.enumerated() where newByKey[entity.key] == position {
            guard let index = oldByKey[entity.key] else {
                add(.addEntity(entity.name), at: entity.entity.location)
                continue
            }
            let previous = old.entities[index]
            if previous.name != entity.name {
                add(.renameEntity(from: previous.name, to: entity.name), at: entity.entity.location)
            }
            matched.append((previous, entity))
        }
        for (previous, entity) in matched {
            compareEntity(previous, entity)
        }
        for entity in old.entities where entityNames[entity.name] == nil {
            add(.removeEntity(entity.name), at: new.model.location)
        }
    }

    /// Index of each entity by renaming key; a key used twice is an error at the second entity.
    private mutating func uniqueKeys(_ schema: StoredSchema) -> [String: Int] {
        var byKey: [String: Int] = [:]
        for (index, entity) in schema.entities.enumerated() {
            if let first = byKey[entity.key] {
                problem(
                    "entity '\(entity.name)' has the renaming ID '\(entity.key)' of entity '\(schema.entities[first].name)' (line \(schema.entities[first].entity.location.line)) in '\(schema.versionName)'; each renaming ID must name one element",
                    path: schema.path, at: entity.entity.location, alwaysError: true)
            } else {
                byKey[entity.key] = index
            }
        }
        return byKey
    }

    private mutating func compareEntity(_ previous: StoredSchema.StoredEntity, _ entity: StoredSchema.StoredEntity) {
        let oldParent = previous.entity.parentEntityName.map { entityNames[$0] ?? "\($0) (removed)" }
        if oldParent != entity.entity.parentEntityName {
            add(.changeParent(entity: entity.name, from: previous.entity.parentEntityName, to: entity.entity.parentEntityName),
                at: entity.entity.location)
        }
        if entity.entity.isAbstract, !previous.entity.isAbstract {
            problem("entity '\(entity.name)' becomes abstract in '\(new.versionName)'; its objects from '\(old.versionName)' have no entity to become",
                    at: entity.entity.location)
        }
        let parentUnchanged = oldParent == entity.entity.parentEntityName
        var propertyNames = compareAttributes(previous, entity, parentUnchanged: parentUnchanged)
        propertyNames.merge(compareRelationships(previous, entity, parentUnchanged: parentUnchanged)) { first, _ in first }
        compareKeys(previous, entity, propertyNames: propertyNames, parentUnchanged: parentUnchanged)
    }

    /// Whether a change of a property inherited in both versions from the same entity is reported on
    /// that entity instead.
    func isReportedOnParent(declaredBefore: String, declaredNow: String, in entity: String, parentUnchanged: Bool) -> Bool {
        parentUnchanged && declaredNow != entity && entityNames[declaredBefore] == declaredNow
    }

    mutating func add(_ change: MigrationChange, at location: SourceLocation?) {
        steps.append(MigrationStep(change, path: new.path, location: location))
    }

    /// A change that cannot be inferred: an error, or a note when the pair declares a custom step
    /// (`alwaysError` for bad input that no custom step can make sense of).
    mutating func problem(_ message: String, path: String? = nil, at location: SourceLocation?, alwaysError: Bool = false) {
        if hasCustomStep, !alwaysError {
            problems.append(Diagnostic(.note, message + "; the custom step declared for \(pair) must handle it", path: path ?? new.path, location: location))
        } else {
            let advice = alwaysError ? "" : "; declare a custom step for \(pair)"
            problems.append(Diagnostic(.error, message + advice, path: path ?? new.path, location: location))
        }
    }
}
