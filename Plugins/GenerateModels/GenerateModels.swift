import Foundation
import PackagePlugin

/// Writes generated Swift into the package for check-in:
/// `swift package --allow-writing-to-package-directory generate-models [--target T]`.
///
/// For each target that has models (bundles in its directory or a `modelgen.json`, as for the build tool
/// plugin), runs `modelgen generate --in-target DIR --output DIR/Generated`, one file per entity. CI checks
/// the result with `modelgen generate --in-target DIR --output DIR/Generated --check`.
@main
struct GenerateModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "modelgen").url
        for target in targets where target is SourceModuleTarget {
            let directory = target.directoryURL
            let process = Process()
            process.executableURL = tool
            process.arguments = ["generate", "--in-target", directory.path,
                                 "--output", directory.appending(path: "Generated").path] + extractor.remainingArguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                Diagnostics.error("modelgen failed for target \(target.name)")
            }
        }
    }
}
