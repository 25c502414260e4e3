import DataModel

/// Collects the diagnostics of one translation, located in the model's `contents` file.
struct IssueLog {
    /// The path printed in diagnostics.
    let path: String
    /// The diagnostics so far, in the order found.
    private(set) var diagnostics: [Diagnostic] = []

    /// Records an error at `location`.
    mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.error, message, path: path, location: location))
    }

    /// Records a warning at `location`.
    mutating func warning(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.warning, message, path: path, location: location))
    }

    /// Records diagnostics collected elsewhere (by a log per entity).
    mutating func append(_ collected: [Diagnostic]) {
        diagnostics += collected
    }

    /// Records a warning when `name` was renamed or escaped.
    mutating func note(renaming name: SwiftName, at location: SourceLocation?) {
        if let message = name.warning { warning(message, at: location) }
    }
}
