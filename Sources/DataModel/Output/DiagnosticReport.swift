/// Text output for command-line tools: diagnostics one per line and a one-line summary.
public struct DiagnosticReport: Sendable, Equatable {
    /// The diagnostics to report, in the order they will be printed.
    public var diagnostics: [Diagnostic]
    /// How many models were looked at.
    public var modelCount: Int

    /// Creates a report; with `warningsAsErrors` every warning is reported as an error.
    public init(diagnostics: [Diagnostic], modelCount: Int, warningsAsErrors: Bool = false) {
        self.diagnostics = diagnostics.map { diagnostic in
            guard warningsAsErrors, diagnostic.severity == .warning else { return diagnostic }
            var escalated = diagnostic
            escalated.severity = .error
            return escalated
        }
        self.modelCount = modelCount
    }

    /// Whether the report contains an error (the tool then exits with status 1).
    public var hasErrors: Bool { diagnostics.containsErrors }

    /// One `path:line:col: severity: message` line per diagnostic.
    public var lines: [String] { diagnostics.map(\.description) }

    /// `2 models: 1 error, 3 warnings, 1 note`.
    public var summary: String {
        let counts = Severity.allCases.map { severity in
            counted(diagnostics.filter { $0.severity == severity }.count, severity.rawValue)
        }
        return "\(counted(modelCount, "model")): " + counts.joined(separator: ", ")
    }

    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
