import Foundation
import PackagePlugin

/// Writes generated Swift into the package for check-in:
/// `swift package --allow-writing-to-package-directory generate-models [--target T]`.
///
/// For each target named with `--target` (models in its directory or listed in its `modelgen.json`, as for
/// the build tool plugin), runs `modelgen generate --in-target DIR --output DIR/Generated`, one file per
/// entity. Without `--target` it regenerates the targets that already have a `Generated/` folder, so a
/// target whose classes come from the build tool plugin never gets a second, clashing copy. CI checks the
/// result with `modelgen generate --in-target DIR --output DIR/Generated --check`.
@main
struct GenerateModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = try names.isEmpty ? targetsWithGeneratedCode(in: context.package) : context.package.targets(named: names)
        if targets.isEmpty {
            Diagnostics.warning("no target has a Generated/ folder yet; choose the target to generate into with --target T")
        }
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

    /// The targets whose code is already checked in: those with a `Generated/` folder.
    private func targetsWithGeneratedCode(in package: Package) -> [Target] {
        package.targets.filter { target in
            var isDirectory: ObjCBool = false
            let path = target.directoryURL.appending(path: "Generated").path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
