import ArgumentParser
import DataModel
import Foundation
import ModelGenerator

/// `modelgen migration-plan MODEL [--from V] [--to V]`: print the migration inferred between each pair of
/// consecutive versions.
struct MigrationPlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migration-plan",
        abstract: "Print the migration steps inferred between consecutive versions of a model.",
        discussion: """
            Reads every version of a .xcdatamodeld bundle (in the natural order of their names, or the \
            order of a versions list) and prints, for each pair of consecutive versions up to the current \
            one, the steps a store runs to migrate data from one to the next, in plain words. A change \
            that cannot be inferred is printed to standard error as path:line:col: error: message, \
            located in the newer version and naming both versions; the command exits 1 when there is \
            one and no custom step is declared for that pair (--custom-step, or customMigrations in \
            modelgen.json), 0 otherwise.

            Examples:
              modelgen migration-plan Models/Moody.xcdatamodeld
              modelgen migration-plan Models/Moody.xcdatamodeld --from "Moody 4" --to "Moody 6"
              modelgen migration-plan Models/Moody.xcdatamodeld --custom-step "Moody 5->Moody 6"
              modelgen migration-plan Models/Moody.xcdatamodeld --config Sources/App/modelgen.json
            """
    )

    @Argument(help: "The model: a .xcdatamodeld bundle (or a single version, which has no migration).")
    var path: String

    @Option(help: "The first version of the plan (default: the first version).")
    var from: String?

    @Option(help: "The last version of the plan (default: the current version; a later version may be named).")
    var to: String?

    @Option(name: .customLong("version"), help: "The versions in order (repeatable); overrides the natural order of their names.")
    var versions: [String] = []

    @Option(help: "A version pair with a custom step, written FROM->TO (repeatable).")
    var customStep: [String] = []

    @Option(help: "A modelgen.json whose versions and customMigrations for this model apply.")
    var config: String?

    func run() throws {
        let configured = try configuration()
        let loaded = ModelLoader().loadVersions(path: path, order: configured.order)
        StandardError.report(loaded.diagnostics)
        if loaded.hasErrors { throw ExitCode.failure }
        let chosen = try range(of: loaded)
        let report = MigrationPlanReport(MigrationPlanner(customSteps: configured.customSteps).plan(chosen))
        print(report.lines.joined(separator: "\n"))
        StandardError.write(report.diagnostics.map(\.description))
        if report.hasErrors { throw ExitCode.failure }
    }

    private func configuration() throws -> VersionsConfiguration {
        var configured = VersionsConfiguration()
        if let config {
            let directory = URL(fileURLWithPath: config).deletingLastPathComponent().path
            configured = try TargetConfiguration(targetDirectory: directory, file: config).versions(ofModel: ModelGeneration.modelName(of: path))
        }
        if !versions.isEmpty { configured.order = versions }
        for text in customStep {
            guard let pair = VersionsConfiguration.pair(text) else {
                throw ValidationError("--custom-step '\(text)' is not written FROM->TO")
            }
            configured.customSteps.insert(pair)
        }
        return configured
    }

    /// The versions from `--from` to `--to`.
    private func range(of loaded: LoadedVersions) throws -> [ModelVersion] {
        let names = loaded.versions.map(\.name)
        func position(_ name: String) throws -> Int {
            guard let version = loaded.version(named: name), let index = names.firstIndex(of: version.name) else {
                throw ValidationError("'\(name)' is not a version of \(path) (versions: \(names.map { "'\($0)'" }.joined(separator: ", ")))")
            }
            return index
        }
        let start = try from.map(position) ?? 0
        let end = try to.map(position) ?? (loaded.history.count - 1)
        guard start <= end else { throw ValidationError("--from '\(names[start])' comes after --to '\(names[end])'") }
        return Array(loaded.versions[start...end])
    }
}
