import Foundation
import PackagePlugin

/// Embeds the package's top-level `Templates/*.mustache` files into the target as a generated Swift source
/// (`EmbeddedTemplates.sources`), so an installed `modelgen` binary needs no resource bundle.
///
/// Every template file is declared as an input, so editing one re-runs the tool. The tool lists the folder
/// itself when it runs; a template added or removed is picked up the next time the plugin plans the build.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates", directoryHint: .isDirectory)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        let files = try FileManager.default.contentsOfDirectory(at: templates, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
            .sorted { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding templates into \(target.name)",
                executable: try context.tool(named: "modelgen-embed-templates").url,
                arguments: [templates.path, output.path],
                inputFiles: [templates] + files,
                outputFiles: [output]
            )
        ]
    }
}
