import DataModel

/// The text `modelgen migration-plan` prints: for each version pair a heading and its steps in plain
/// words (standard output), and what cannot be inferred as located diagnostics (standard error).
///
/// ```text
/// Moody → Moody 2
///   rename attribute Mood.remoteIdentifier to remoteID, keeping its values
///   add attribute Mood.rating (Integer 16, required, existing objects take 0)
/// ```
public struct MigrationPlanReport: Sendable {
    /// The lines for standard output.
    public var lines: [String]
    /// Every problem of every pair, in pair order.
    public var diagnostics: [Diagnostic]

    /// The report of `plans`.
    public init(_ plans: [VersionPairPlan]) {
        lines = []
        diagnostics = []
        for plan in plans {
            var heading = "\(plan.from) → \(plan.to)"
            if plan.hasCustomStep { heading += " (custom step declared)" }
            let errors = plan.problems.filter { $0.severity == .error }.count
            if errors > 0 { heading += " (\(errors) change\(errors == 1 ? "" : "s") cannot be inferred)" }
            lines.append(heading)
            lines += plan.steps.map { "  " + MigrationStepText.describe($0.change) }
            if plan.steps.isEmpty, plan.problems.isEmpty { lines.append("  no change to stored data") }
            diagnostics += plan.problems
        }
    }

    /// Whether some pair has a change that cannot be inferred and no custom step.
    public var hasErrors: Bool { diagnostics.containsErrors }
}
