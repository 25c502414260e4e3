import Foundation

/// The seeds of a property run: a fixed list, or `FIRST-LAST` (or one number) from an environment
/// variable for a longer run on demand.
public enum PropertySeeds {
    /// The seeds named by the environment variable `name` (`5-200` or `17`), or `nil` when it is unset or
    /// not of that form.
    public static func fromEnvironment(_ name: String) -> ClosedRange<UInt64>? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        let bounds = text.split(separator: "-").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        guard let first = bounds.first, let last = bounds.last, first <= last else { return nil }
        return first...last
    }
}
