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

    @Option(help: "A version pair of the models with a custom migration step, written FROM->TO (repeatable).")
    var customStep: [String] = []

    /// The pipeline these options describe; an explicit `--access-level` wins over `configured`.
    /// `target`'s `modelgen.json` gives the models' version orders and custom migration steps.
    func generation(accessLevel configured: AccessLevel? = nil, target: TargetConfiguration? = nil) throws -> ModelGeneration {
        var versions: [String: VersionsConfiguration] = [:]
        for name in Set((target?.versionOrders.keys).map(Array.init) ?? []).union((target?.customMigrations.keys).map(Array.init) ?? []) {
            versions[name] = target?.versions(ofModel: name)
        }
        var customSteps: Set<VersionPair> = []
        for text in customStep {
            guard let pair = VersionsConfiguration.pair(text) else { throw ValidationError("--custom-step '\(text)' is not written FROM->TO") }
            customSteps.insert(pair)
        }
        let options = GenerationOptions(
            accessLevel: accessLevel ?? configured ?? .public, fileLayout: filePer,
            imports: noRuntimeImport ? imports : (imports.isEmpty ? ["ObjectGraph"] : imports), versions: versions,
            customSteps: customSteps)
        var sources = TemplateSources.embedded
        if let templates {
            sources = try sources.overridden(by: URL(fileURLWithPath: templates, isDirectory: true))
        }
        return try ModelGeneration(options: options, templates: sources)
    }
}

extension AccessLevel: ExpressibleByArgument {}
extension FileLayout: ExpressibleByArgument {}
