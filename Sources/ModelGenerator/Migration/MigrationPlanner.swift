import DataModel

/// Infers the migration from each version of a model to the next: which entities, attributes and
/// relationships are added, removed or renamed (through renaming IDs), which attributes change
/// optionality or type or move within a hierarchy, which relationships change cardinality, and which
/// constraints and indexes change; and what cannot be inferred, as errors located in the newer version.
///
/// ```swift
/// let loaded = ModelLoader().loadVersions(path: "Moody.xcdatamodeld")
/// let plans = MigrationPlanner().plan(loaded.history)
/// for step in plans[0].steps { print(MigrationStepText.describe(step.change)) }
/// ```
public struct MigrationPlanner: Sendable {
    /// The version pairs for which the user declared a custom step.
    public let customSteps: Set<VersionPair>

    /// A planner; changes of a pair in `customSteps` that cannot be inferred become notes.
    public init(customSteps: Set<VersionPair> = []) {
        self.customSteps = customSteps
    }

    /// The plan of each consecutive pair of `versions` (versions that could not be read are skipped).
    public func plan(_ versions: [ModelVersion]) -> [VersionPairPlan] {
        let readable = versions.filter { $0.model != nil }
        return zip(readable, readable.dropFirst()).map { plan(from: $0, to: $1) }
    }

    /// The plan from `older` to `newer`; both must have been read.
    public func plan(from older: ModelVersion, to newer: ModelVersion) -> VersionPairPlan {
        guard let oldModel = older.model, let newModel = newer.model else {
            return VersionPairPlan(from: older.name, to: newer.name, steps: [], problems: [], hasCustomStep: false)
        }
        let hasCustomStep = customSteps.contains(VersionPair(from: older.name, to: newer.name))
        var diff = SchemaDiff(
            old: StoredSchema(model: oldModel, versionName: older.name, path: older.contentsPath),
            new: StoredSchema(model: newModel, versionName: newer.name, path: newer.contentsPath),
            hasCustomStep: hasCustomStep)
        diff.run()
        return VersionPairPlan(from: older.name, to: newer.name, steps: diff.steps,
                               problems: Array(Set(diff.problems)).sortedByLocation(), hasCustomStep: hasCustomStep)
    }
}

/// Two consecutive versions by name, e.g. for declaring a custom step.
public struct VersionPair: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The older version.
    public var from: String
    /// The newer version.
    public var to: String

    /// Creates a pair.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// `Moody 4 → Moody 5`.
    public var description: String { "'\(from)' → '\(to)'" }
}
