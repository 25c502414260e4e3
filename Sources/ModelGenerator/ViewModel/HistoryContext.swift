/// The version history of a model with more than one version, written into the model constant: every
/// version (older ones with the schema a store needs to read their data), and the migration steps the
/// generator inferred between consecutive versions, as the runtime's `ModelVersionHistory` literal.
public struct HistoryContext: Sendable, Hashable, Codable {
    /// The private enum that holds the older versions' entity descriptions (`MoodyModelHistory`).
    public var storageTypeName: String
    /// Every version, oldest first; the last is the current one.
    public var versions: [VersionContext]
    /// One stage per consecutive pair of versions.
    public var stages: [StageContext]
    /// The entity descriptions of older versions that differ from the current classes' ones, each once.
    public var entities: [HistoryEntityContext]
}

/// One version of the history.
public struct VersionContext: Sendable, Hashable, Codable {
    /// The version's name (`Moody 2`).
    public var name: String
    /// Its schema hash, as the runtime computes it.
    public var versionHash: String
    /// Whether it is the current version.
    public var isCurrent: Bool
    /// The `ModelVersion` literal (`.current("Moody 6")` for the current version).
    public var literal: String
    /// The static property of the history enum holding an older version (`version1`); empty for the current one.
    public var storageName: String
    /// How the history lists the version: `MoodyModelHistory.version1`, or the current version's literal.
    public var reference: String
}

/// The migration from one version to the next.
public struct StageContext: Sendable, Hashable, Codable {
    /// The older version's name.
    public var from: String
    /// The newer version's name.
    public var to: String
    /// The `MigrationStep` literals, in order.
    public var steps: [String]
    /// Whether ``steps`` is not empty.
    public var hasSteps: Bool
    /// Whether the configuration declares a custom step for this pair.
    public var hasCustomStep: Bool
    /// The Swift string literal of ``from``.
    public var fromLiteral: String
    /// The Swift string literal of ``to``.
    public var toLiteral: String
    /// The static property of the history enum holding the stage (`stage1`: from version 1 to 2).
    public var storageName: String
}

/// An entity description of an older version.
public struct HistoryEntityContext: Sendable, Hashable, Codable {
    /// The static property holding it (`moodEntityV1`: the entity's shape first seen in version 1).
    public var name: String
    /// The `EntityDescription(...)` literal, indented for the enum member.
    public var literal: String
}
