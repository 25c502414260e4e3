/// Every version of a model, oldest first, and the stages that migrate data from each to the next.
///
/// The generator writes it into the model constant (``ManagedObjectModel/init(name:classes:history:)``),
/// from which it reaches ``ModelDescription/history``; a store opening data written by an older
/// version finds that version here and runs the stages from it to the current one. `stages[i]`
/// migrates `versions[i]` to `versions[i + 1]`; the last version is the current one.
///
/// ```swift
/// let history = ModelVersionHistory(
///     versions: [ModelVersion(name: "Moody", schema: moody1), ModelVersion(name: "Moody 2", versionHash: current.versionHash)],
///     stages: [MigrationStage(from: "Moody", to: "Moody 2", steps: [
///         .renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID"),
///         .addAttribute(entity: "Mood", attribute: "rating", defaultValue: .integer(0)),
///     ])])
/// history.versionIndex(hash: moody1.versionHash) // 0
/// ```
public struct ModelVersionHistory: Sendable {
    /// Every version, oldest first; the last is the current one.
    public let versions: [ModelVersion]
    /// `stages[i]` migrates `versions[i]` to `versions[i + 1]`.
    public let stages: [MigrationStage]

    /// Creates a history. `stages` must have one stage per consecutive pair of `versions`, named after
    /// them; ``MigrationPlan`` checks this before a store uses it.
    public init(versions: [ModelVersion], stages: [MigrationStage]) {
        self.versions = versions
        self.stages = stages
    }

    /// The history with the last version's hash filled in from the model it belongs to.
    func resolvingCurrentHash(_ hash: String) -> ModelVersionHistory {
        guard let last = versions.last else { return self }
        return ModelVersionHistory(versions: versions.dropLast() + [last.resolvingHash(hash)], stages: stages)
    }

    /// The current (last) version's name.
    public var currentVersionName: String? { versions.last?.name }

    /// The index of the version data was written by: the version named `name` when its hash is `hash`
    /// (versions that differ only in indexes share a hash, and a store that records the name knows
    /// which one it is), else the newest version whose hash is `hash`.
    ///
    /// ```swift
    /// history.versionIndex(hash: storedHash, name: storedVersionName)
    /// ```
    public func versionIndex(hash: String, name: String? = nil) -> Int? {
        if let name, let index = versions.firstIndex(where: { $0.name == name && $0.versionHash == hash }) {
            return index
        }
        return versions.lastIndex { $0.versionHash == hash }
    }
}
