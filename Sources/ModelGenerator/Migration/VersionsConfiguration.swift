import Foundation

/// How a model's versions are chosen and migrated, from `modelgen.json` or the command line: the order
/// of its versions (when Xcode's natural order of names is wrong or versions must be left out) and the
/// version pairs for which the application registers a custom migration step.
///
/// ```json
/// {
///   "versions": {"Moody": ["Moody", "Moody 2", "Moody 3", "Moody 4", "Moody 5", "Moody 6"]},
///   "customMigrations": {"Moody": [{"from": "Moody 5", "to": "Moody 6"}]}
/// }
/// ```
public struct VersionsConfiguration: Sendable, Hashable {
    /// The versions in order, or `nil` for the natural order of the bundle's version names.
    public var order: [String]?
    /// The pairs with a custom step.
    public var customSteps: Set<VersionPair>

    /// Creates a configuration.
    public init(order: [String]? = nil, customSteps: Set<VersionPair> = []) {
        self.order = order
        self.customSteps = customSteps
    }

    /// Parses a command-line pair written `FROM->TO` (`"Moody 4->Moody 5"`); `nil` without `->`.
    public static func pair(_ text: String) -> VersionPair? {
        guard let arrow = text.range(of: "->") else { return nil }
        let trim = { (part: Substring) in String(part).trimmingCharacters(in: .whitespaces) }
        let from = trim(text[..<arrow.lowerBound]), to = trim(text[arrow.upperBound...])
        return from.isEmpty || to.isEmpty ? nil : VersionPair(from: from, to: to)
    }
}
