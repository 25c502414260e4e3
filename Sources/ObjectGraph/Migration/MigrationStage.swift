/// The steps that migrate data from one version of a model to the next, as the generator inferred
/// them.
///
/// ```swift
/// MigrationStage(from: "Moody", to: "Moody 2", steps: [
///     .renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID"),
///     .addAttribute(entity: "Mood", attribute: "rating", defaultValue: .integer(0)),
/// ])
/// ```
public struct MigrationStage: Sendable, Hashable, CustomStringConvertible {
    /// The older version's name.
    public let source: String
    /// The newer version's name.
    public let destination: String
    /// The inferred steps, in the order the generator lists them; stores apply them as a whole.
    public let steps: [MigrationStep]

    /// Creates a stage.
    public init(from source: String, to destination: String, steps: [MigrationStep]) {
        self.source = source
        self.destination = destination
        self.steps = steps
    }

    /// `Moody → Moody 2`.
    public var description: String { "\(source) → \(destination)" }
}
