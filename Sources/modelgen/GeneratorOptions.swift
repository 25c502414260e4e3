import ArgumentParser
import Foundation
import ModelGenerator

/// The options `generate` and `dump-context` share.
struct GeneratorOptions: ParsableArguments {
    @Option(help: "The access level of generated declarations: public (default) or internal.")
    var accessLevel: AccessLevel?

    @Option(help: "One file per entity (plus one for the model), or one file per model.")
    var filePer: FileLayout = .entity

    @Option(help: "A directory of .mustache files overriding the built-in templates by name.")
    var templates: String?

    @Option(name: .customLong("import"), help: "A module generated files import (repeatable; default ObjectGraph).")
    var imports: [String] = []

    @Flag(help: "Import nothing but Foundation (for code generated into the ObjectGraph module itself).")
    var noRuntimeImport = false

    /// The pipeline these options describe; an explicit `--access-level` wins over `configured`.
    func generation(accessLevel configured: AccessLevel? = nil) throws -> ModelGeneration {
        let options = GenerationOptions(
            accessLevel: accessLevel ?? configured ?? .public, fileLayout: filePer,
            imports: noRuntimeImport ? imports : (imports.isEmpty ? ["ObjectGraph"] : imports))
        var sources = TemplateSources.embedded
        if let templates {
            sources = try sources.overridden(by: URL(fileURLWithPath: templates, isDirectory: true))
        }
        return try ModelGeneration(options: options, templates: sources)
    }
}

extension AccessLevel: ExpressibleByArgument {}
extension FileLayout: ExpressibleByArgument {}
