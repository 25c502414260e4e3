/// Why a migration could not run or failed. Every case names the stage (`Moody 5 → Moody 6`) and,
/// where there is one, the step, entity, property, object and values; the store's data is left as it
/// was before the migration began.
///
/// ```swift
/// do { _ = try await SQLiteStore(at: .file(path), model: MoodyModel.model.schema) }
/// catch let error as MigrationError { print(error) } // "Migration Moody 5 → Moody 6, step …: …"
/// ```
public enum MigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The version history or the custom steps do not fit the model; the text says how.
    case invalidHistory(String)
    /// A step or custom step named an entity the version does not have.
    case unknownEntity(stage: String, entity: String, version: String)
    /// A step or custom step named an attribute or relationship the entity does not have in the version.
    case unknownProperty(stage: String, entity: String, property: String, version: String)
    /// A step failed: `reason` says why, `object` and `values` name the data that made it fail.
    case stepFailed(stage: String, step: String, object: AnyObjectID?, values: [AttributeValue], reason: String)
    /// A custom step threw an error that is not a ``MigrationError``; `reason` describes it.
    case customStepFailed(stage: String, step: String, reason: String)
    /// The store was configured not to migrate, and its data was written by an older version.
    case refused(dataVersion: String, currentVersion: String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .invalidHistory(let problem):
            "Invalid model version history: \(problem)."
        case .unknownEntity(let stage, let entity, let version):
            "Migration \(stage): version \(version) has no entity named \(entity)."
        case .unknownProperty(let stage, let entity, let property, let version):
            "Migration \(stage): entity \(entity) has no attribute or relationship named \(property) in version \(version)."
        case .stepFailed(let stage, let step, let object, let values, let reason):
            "Migration \(stage), step \"\(step)\" failed"
                + (object.map { " for object \($0)" } ?? "")
                + (values.isEmpty ? "" : " (values \(values.map(\.description).joined(separator: ", ")))")
                + ": \(reason)."
        case .customStepFailed(let stage, let step, let reason):
            "Migration \(stage), custom step \"\(step)\" failed: \(reason)."
        case .refused(let dataVersion, let currentVersion):
            "The data was written by model version \(dataVersion) and needs migrating to \(currentVersion), "
                + "but the store is configured not to migrate."
        }
    }
}
