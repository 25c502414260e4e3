import ArgumentParser
import DataModel
import Foundation
import ModelGenerator

/// `modelgen dump-context MODEL`: print the view model templates are rendered against, as JSON.
struct DumpContextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-context",
        abstract: "Print the template view model of a data model as JSON.",
        discussion: """
            Prints what templates are rendered against (names resolved, Swift types chosen, fetch \
            templates typed) as pretty JSON with sorted keys. Templates/README.md documents each field. \
            Exits 1 when the model has an error.

            Example:
              modelgen dump-context Models/GitHub.xcdatamodeld > GitHub-context.json
            """
    )

    @Argument(help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file.")
    var model: String

    @OptionGroup var options: GeneratorOptions

    func run() throws {
        let (context, diagnostics) = try options.generation().viewModel(path: model)
        StandardError.report(diagnostics)
        guard let context else { throw ExitCode.failure }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(context), as: UTF8.self))
        if diagnostics.containsErrors { throw ExitCode.failure }
    }
}
