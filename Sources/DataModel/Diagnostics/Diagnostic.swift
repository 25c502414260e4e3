/// How serious a ``Diagnostic`` is.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// The model cannot be used as it is.
    case error
    /// The model can be used, but something deserves a look (or will be renamed by the generator).
    case warning
    /// Information, such as which model version was chosen.
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    /// Errors sort before warnings, warnings before notes.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A located message about a model: `path:line:col: severity: message`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious it is.
    public var severity: Severity
    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// The file the message is about, as the user named it (the `contents` file for model content).
    public var path: String
    /// Where in the file, when the message is about one element.
    public var location: SourceLocation?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, path: String, location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.path = path
        self.location = location
    }

    /// The diagnostic in the `path:line:col: severity: message` form that compilers, SwiftPM and
    /// editors recognise; `path: severity: message` when there is no location.
    public var description: String {
        if let location {
            return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        }
        return "\(path): \(severity.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics in file order: by path, line and column, then severity and message.
    public func sortedByLocation() -> [Diagnostic] {
        sorted { lhs, rhs in
            if lhs.path != rhs.path { return lhs.path < rhs.path }
            let left = lhs.location ?? SourceLocation(line: 0, column: 0)
            let right = rhs.location ?? SourceLocation(line: 0, column: 0)
            if left != right { return left < right }
            if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
            return lhs.message < rhs.message
        }
    }
}
