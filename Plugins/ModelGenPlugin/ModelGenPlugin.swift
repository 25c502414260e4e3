import Foundation
import PackagePlugin

/// Generates Swift for every data model of a target at build time.
///
/// Models are the `*.xcdatamodeld` bundles and standalone `*.xcdatamodel` folders anywhere in the target
/// directory, plus those listed in the target's `modelgen.json` (`{"models": ["../../Models/X.xcdatamodeld"],
/// "accessLevel": "internal"}`, paths relative to the target). Each model becomes one file named after it,
/// so the build plan stays the same when entities change. Every `contents` and `.xccurrentversion` file is an
/// input, and `modelgen` picks the current version when it runs. Model errors fail the build at their
/// `path:line:col`.
@main
struct ModelGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = target.directoryURL
        let configuration = try PluginConfiguration(targetDirectory: directory)
        let tool = try context.tool(named: "modelgen").url
        return configuration.models.map { model in
            let name = model.deletingPathExtension().lastPathComponent
            let outputDirectory = context.pluginWorkDirectoryURL.appending(path: name, directoryHint: .isDirectory)
            return .buildCommand(
                displayName: "Generating Swift from \(model.lastPathComponent)",
                executable: tool,
                arguments: ["generate", model.path, "--output", outputDirectory.path, "--file-per", "model",
                            "--access-level", configuration.accessLevel],
                inputFiles: PluginConfiguration.inputFiles(of: model) + configuration.configurationFiles,
                outputFiles: [outputDirectory.appending(path: "\(name).swift")]
            )
        }
    }
}

/// The models of a target and the options from its `modelgen.json`.
struct PluginConfiguration {
    private struct File: Decodable {
        var models: [String]?
        var accessLevel: String?
    }

    /// A `modelgen.json` that is not valid JSON or has a field of the wrong type.
    struct MalformedFile: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "\(path): malformed modelgen.json: \(reason)" }
    }

    /// The models, sorted by path.
    let models: [URL]
    /// `public` or `internal`.
    let accessLevel: String
    /// The configuration file, when there is one (an input: editing it re-runs the generator).
    let configurationFiles: [URL]

    /// Reads the configuration of the target at `targetDirectory`.
    init(targetDirectory: URL) throws(MalformedFile) {
        let configurationURL = targetDirectory.appending(path: "modelgen.json")
        var file = File()
        if let data = FileManager.default.contents(atPath: configurationURL.path) {
            do {
                file = try JSONDecoder().decode(File.self, from: data)
            } catch {
                throw MalformedFile(path: configurationURL.path, reason: "\(error)")
            }
            configurationFiles = [configurationURL]
        } else {
            configurationFiles = []
        }
        let listed = (file.models ?? []).map { targetDirectory.appending(path: $0).standardizedFileURL }
        models = (Self.modelsInside(targetDirectory) + listed).sorted { $0.path < $1.path }
        accessLevel = file.accessLevel ?? "public"
    }

    /// Bundles and standalone version folders under `directory` (a bundle's versions are not listed twice).
    static func modelsInside(_ directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        while let url = walker.nextObject() as? URL {
            if url.pathExtension == "xcdatamodeld" || url.pathExtension == "xcdatamodel" {
                found.append(url)
                walker.skipDescendants()
            }
        }
        return found
    }

    /// Every file whose change must re-run the generator: each version's `contents` and `.xccurrentversion`.
    static func inputFiles(of model: URL) -> [URL] {
        guard model.pathExtension == "xcdatamodeld" else { return [model.appending(path: "contents")] }
        let versions = (try? FileManager.default.contentsOfDirectory(at: model, includingPropertiesForKeys: nil)) ?? []
        return [model.appending(path: ".xccurrentversion")]
            + versions.filter { $0.pathExtension == "xcdatamodel" }.map { $0.appending(path: "contents") }.sorted { $0.path < $1.path }
    }
}
