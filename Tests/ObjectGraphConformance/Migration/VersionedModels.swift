import ObjectGraph

/// Hand-written models and version histories for the migration tests of every store.
public enum VersionedModels {
    /// The last of `versions`, carrying the history of all of them with `stages` between consecutive ones.
    ///
    /// ```swift
    /// let current = VersionedModels.history([("1", v1), ("2", v2)], stages: [[.removeAttribute(entity: "Note", attribute: "legacy")]])
    /// ```
    public static func history(_ versions: [(name: String, model: ModelDescription)], stages: [[MigrationStep]]) -> ModelDescription {
        let last = versions[versions.count - 1]
        var history = versions.dropLast().map { ModelVersion(name: $0.name, schema: $0.model) }
        history.append(.current(last.name))
        return ModelDescription(name: last.model.name, entities: last.model.entities, history: ModelVersionHistory(
            versions: history,
            stages: zip(versions, versions.dropFirst()).enumerated().map { index, pair in
                MigrationStage(from: pair.0.name, to: pair.1.name, steps: stages[index])
            }))
    }

    /// A model called `Test` of `entities`.
    public static func model(_ entities: EntityDescription...) -> ModelDescription {
        ModelDescription(name: "Test", entities: entities)
    }

    /// An attribute, optional unless said otherwise.
    public static func attribute(_ name: String, _ type: AttributeType, optional: Bool = true, default value: AttributeValue? = nil,
                                 indexed: Bool = false) -> AttributeDescription {
        AttributeDescription(name: name, type: type, isOptional: optional, defaultValue: value, isIndexed: indexed)
    }

    /// A to-one relationship.
    public static func toOne(_ name: String, _ destination: String, inverse: String? = nil) -> RelationshipDescription {
        RelationshipDescription(name: name, destination: destination, inverse: inverse)
    }

    /// A to-many relationship.
    public static func toMany(_ name: String, _ destination: String, inverse: String? = nil, ordered: Bool = false) -> RelationshipDescription {
        RelationshipDescription(name: name, destination: destination, inverse: inverse, isToMany: true, isOrdered: ordered)
    }
}
