/// A model's version history together with the custom steps the application registers: what a store
/// runs to bring data of any older version to the current one.
///
/// Creating a plan checks the history against the model (its last version is the model, every older
/// version has a schema, one stage per consecutive pair) and every step's and custom step's names
/// against the versions they refer to, so a store finds any mistake before it changes data.
///
/// ```swift
/// let plan = try MigrationPlan(model: MoodyModel.model.schema, customSteps: [continents])
/// if let from = plan.history.versionIndex(hash: storedHash) {
///     try await plan.run(fromVersionAt: from, on: executor)   // a store's MigrationExecutor
/// }
/// ```
public struct MigrationPlan: Sendable {
    /// The current model.
    public let model: ModelDescription
    /// Its version history.
    public let history: ModelVersionHistory
    /// The application's custom steps.
    public let customSteps: [CustomMigrationStep]
    private let planned: [PlannedMigrationStage]

    /// Checks `model.history` and `customSteps` and prepares every stage.
    /// - Throws: ``MigrationError/invalidHistory(_:)`` when the model has no history, the history does
    ///   not end at the model or its stages do not pair its versions, or a custom step is registered for
    ///   a pair that is not consecutive; ``MigrationError/unknownEntity(stage:entity:version:)`` and
    ///   ``MigrationError/unknownProperty(stage:entity:property:version:)`` for a step naming something
    ///   its version does not have; ``MigrationError/stepFailed(stage:step:object:values:reason:)`` for a
    ///   lossy type change.
    public init(model: ModelDescription, customSteps: [CustomMigrationStep] = []) throws {
        guard let history = model.history else {
            throw MigrationError.invalidHistory("model \(model.name) carries no version history")
        }
        guard let current = history.versions.last, current.versionHash == model.versionHash else {
            throw MigrationError.invalidHistory("the last version of model \(model.name)'s history "
                + "(\(history.versions.last?.name ?? "none")) does not have the model's hash \(model.versionHash)")
        }
        guard history.stages.count == history.versions.count - 1 else {
            throw MigrationError.invalidHistory("\(history.versions.count) versions need \(history.versions.count - 1) stages, "
                + "the history has \(history.stages.count)")
        }
        var planned: [PlannedMigrationStage] = []
        for (index, stage) in history.stages.enumerated() {
            let older = history.versions[index], newer = history.versions[index + 1]
            guard stage.source == older.name, stage.destination == newer.name else {
                throw MigrationError.invalidHistory("stage \(index + 1) is \(stage), expected \(older.name) → \(newer.name)")
            }
            guard let source = older.schema, older.versionHash == source.versionHash else {
                throw MigrationError.invalidHistory("version \(older.name) has no schema, or a hash that is not its schema's")
            }
            let destination = index + 1 == history.versions.count - 1 ? model : newer.schema
            guard let destination, newer.versionHash == destination.versionHash else {
                throw MigrationError.invalidHistory("version \(newer.name) has no schema, or a hash that is not its schema's")
            }
            let custom = customSteps.filter { $0.source == older.name && $0.destination == newer.name }
            let plannedStage = PlannedMigrationStage(stage: stage, source: source, destination: destination, customSteps: custom)
            try MigrationStepCheck(stage: plannedStage).checkAll()
            planned.append(plannedStage)
        }
        for step in customSteps where !planned.contains(where: { $0.stage.source == step.source && $0.stage.destination == step.destination }) {
            throw MigrationError.invalidHistory("custom step \"\(step.name)\" is registered for \(step.source) → \(step.destination), "
                + "which is not a pair of consecutive versions of model \(model.name)")
        }
        self.model = model
        self.history = history
        self.customSteps = customSteps
        self.planned = planned
    }

    /// The stages from the version at `index` of the history to the current version.
    public func stages(fromVersionAt index: Int) -> ArraySlice<PlannedMigrationStage> {
        planned[max(0, min(index, planned.count))...]
    }

    /// Runs every stage from the version at `index` to the current one on `executor`: for each stage,
    /// the executor's inferred steps, then the stage's custom steps in order, then the executor's
    /// completion. The caller (the store) wraps it in one transaction.
    ///
    /// ```swift
    /// try await plan.run(fromVersionAt: 0, on: executor)
    /// ```
    public nonisolated(nonsending) func run(fromVersionAt index: Int, on executor: some MigrationExecutor) async throws {
        for stage in stages(fromVersionAt: index) {
            try await executor.begin(stage)
            for step in stage.customSteps {
                do {
                    try await step.run(executor)
                } catch let error as MigrationError {
                    throw error
                } catch {
                    throw MigrationError.customStepFailed(stage: stage.stage.description, step: step.name, reason: "\(error)")
                }
            }
            try await executor.finish(stage)
        }
    }
}

/// What a store implements to migrate its data: the two halves of a stage around its custom steps.
/// Between them, the executor is the ``MigrationSession`` the custom steps use, with the older
/// version's data still readable.
///
/// `InMemoryStore` implements none of it: its data never outlives the process, so it never holds data
/// of an older version.
///
/// ```swift
/// final class MyExecutor: MigrationExecutor {
///     func begin(_ stage: PlannedMigrationStage) async throws { /* shape the newer version, copy data */ }
///     func finish(_ stage: PlannedMigrationStage) async throws { /* check constraints, drop the older data */ }
///     // … the MigrationSession methods
/// }
/// ```
public protocol MigrationExecutor: MigrationSession {
    /// Applies `stage`'s inferred steps, keeping the older version's data readable for custom steps.
    nonisolated(nonsending) func begin(_ stage: PlannedMigrationStage) async throws
    /// Completes `stage` after its custom steps: checks the newer version's constraints, drops the older
    /// version's data and records the newer version.
    nonisolated(nonsending) func finish(_ stage: PlannedMigrationStage) async throws
}
