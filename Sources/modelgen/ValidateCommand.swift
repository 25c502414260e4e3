import ArgumentParser
import DataModel

/// `modelgen validate PATH...`: read and check models, print located diagnostics.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check data models and print their problems as path:line:col diagnostics.",
        discussion: """
            Prints one line per problem to standard error, in the form editors and SwiftPM \
            understand (path:line:col: error|warning|note: message), then a one-line summary. \
            Exits with status 0 when there is no error and 1 otherwise.

            Example:
              modelgen validate Models/GitHub.xcdatamodeld Models/Events.xcdatamodeld
              modelgen validate --warnings-as-errors Models/GitHub.xcdatamodeld/GitHub.xcdatamodel
            """
    )

    @Argument(help: "The models to check: .xcdatamodeld bundles, .xcdatamodel folders or contents files.")
    var paths: [String]

    @Flag(help: "Report warnings as errors (and exit with status 1 when there are any).")
    var warningsAsErrors = false

    func run() throws {
        let loader = ModelLoader()
        let diagnostics = paths.flatMap { loader.load(path: $0).diagnostics }
        let report = DiagnosticReport(diagnostics: diagnostics, modelCount: paths.count, warningsAsErrors: warningsAsErrors)
        StandardError.write(report.lines)
        print(report.summary)
        if report.hasErrors {
            throw ExitCode.failure
        }
    }
}
