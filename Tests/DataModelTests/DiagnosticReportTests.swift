import DataModel
import Testing

@Suite("Diagnostic report: lines, summary and --warnings-as-errors")
struct DiagnosticReportTests {
    private let diagnostics = [
        Diagnostic(.warning, "w", path: "a/contents", location: SourceLocation(line: 3, column: 5)),
        Diagnostic(.note, "n", path: "a"),
        Diagnostic(.error, "e", path: "b/contents", location: SourceLocation(line: 1, column: 1)),
        Diagnostic(.warning, "w2", path: "b/contents", location: SourceLocation(line: 9, column: 2)),
    ]

    @Test("Summary counts every severity, singular and plural")
    func summary() {
        let report = DiagnosticReport(diagnostics: diagnostics, modelCount: 2)
        #expect(report.summary == "2 models: 1 error, 2 warnings, 1 note")
        #expect(report.hasErrors)
        #expect(DiagnosticReport(diagnostics: [], modelCount: 1).summary == "1 model: 0 errors, 0 warnings, 0 notes")
    }

    @Test("Lines keep the order given")
    func lines() {
        let report = DiagnosticReport(diagnostics: diagnostics, modelCount: 2)
        #expect(report.lines == ["a/contents:3:5: warning: w", "a: note: n", "b/contents:1:1: error: e", "b/contents:9:2: warning: w2"])
    }

    @Test("Warnings become errors; notes stay notes")
    func warningsAsErrors() {
        let report = DiagnosticReport(diagnostics: Array(diagnostics.prefix(2)), modelCount: 1, warningsAsErrors: true)
        #expect(report.lines == ["a/contents:3:5: error: w", "a: note: n"])
        #expect(report.hasErrors)
    }

    @Test("Sorting by location puts a bundle's notes before its file's diagnostics")
    func sorting() {
        #expect(diagnostics.sortedByLocation().map(\.message) == ["n", "w", "e", "w2"])
    }
}
