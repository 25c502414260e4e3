/// Collects the diagnostics of one pass over one file.
struct DiagnosticLog: Sendable {
    /// The file every diagnostic is about.
    let path: String
    /// The diagnostics in the order they were found.
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.error, message, path: path, location: location))
    }

    mutating func warning(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.warning, message, path: path, location: location))
    }

    mutating func note(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.note, message, path: path, location: location))
    }
}
