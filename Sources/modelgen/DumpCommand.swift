import ArgumentParser
import DataModel

/// `modelgen dump PATH`: print what modelgen read from a model, as sorted JSON (`dump-context` prints the view
/// model templates see).
struct DumpCommand: ParsableCommand {
    /// The output formats of `dump`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a data model as stable, sorted JSON: what modelgen read from it.",
        discussion: """
            Prints the model (entities, attributes, relationships, fetch requests, …, each with its \
            line and column) to standard output as pretty JSON with sorted keys, so the same \
            model always gives the same text. Diagnostics go to standard error. Exits with \
            status 1 when the model cannot be read or has errors.

            Example:
              modelgen dump Models/GitHub.xcdatamodeld > GitHub.json
            """
    )

    @Argument(help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file.")
    var path: String

    @Option(help: "The output format.")
    var format: Format = .json

    func run() throws {
        let loaded = ModelLoader().load(path: path)
        StandardError.report(loaded.diagnostics)
        guard let model = loaded.model else {
            throw ExitCode.failure
        }
        switch format {
        case .json:
            print(try ModelDump.json(model), terminator: "")
        }
        if loaded.hasErrors {
            throw ExitCode.failure
        }
    }
}
