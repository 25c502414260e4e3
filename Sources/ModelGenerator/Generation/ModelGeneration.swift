import DataModel
import Foundation

/// The whole pipeline for a set of models: read and validate each model, build its view model, render it.
///
/// ```swift
/// let result = ModelGeneration(options: GenerationOptions()).generate(modelPaths: ["Models/GitHub.xcdatamodeld"])
/// result.diagnostics.forEach { print($0) }
/// ```
public struct ModelGeneration: Sendable {
    /// The generated files and every diagnostic, sorted by location.
    public struct Result: Sendable {
        /// The files of every model that has no error, sorted by name.
        public var files: [GeneratedFile]
        /// The view models of the models that could be read, in argument order.
        public var contexts: [ModelContext]
        /// Every diagnostic (reading, validation, translation), sorted.
        public var diagnostics: [Diagnostic]

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.containsErrors }
    }

    /// What to generate and how.
    public let options: GenerationOptions
    private let renderer: CodeRenderer

    /// A pipeline rendering with `templates`.
    public init(options: GenerationOptions, templates: TemplateSources = .embedded) throws(TemplateError) {
        self.options = options
        self.renderer = try CodeRenderer(sources: templates)
    }

    /// Reads, translates and renders every model at `modelPaths`.
    public func generate(modelPaths: [String]) -> Result {
        var result = Result(files: [], contexts: [], diagnostics: [])
        var owners: [String: String] = [:]
        for path in modelPaths {
            let (context, diagnostics) = viewModel(path: path)
            result.diagnostics += diagnostics
            guard let context, !diagnostics.containsErrors else { continue }
            result.contexts.append(context)
            do {
                for file in try renderer.render(context, layout: options.fileLayout) {
                    if let other = owners[file.name] {
                        result.diagnostics.append(Diagnostic(.error, "models '\(other)' and '\(context.modelName)' both generate \(file.name); generate them into different directories", path: path))
                        continue
                    }
                    owners[file.name] = context.modelName
                    result.files.append(file)
                }
            } catch {
                result.diagnostics.append(Diagnostic(.error, error.description, path: path))
            }
        }
        result.files.sort { $0.name < $1.name }
        return result
    }

    /// The view model of the model at `path`, or `nil` when it cannot be read; with every diagnostic.
    /// A bundle with several versions gets its version history and the migration plan between them.
    public func viewModel(path: String) -> (ModelContext?, [Diagnostic]) {
        let modelName = Self.modelName(of: path)
        var configuration = options.versions[modelName] ?? VersionsConfiguration()
        configuration.customSteps.formUnion(options.customSteps)
        let loaded = ModelLoader().loadVersions(path: path, order: configuration.order)
        let kept = loaded.diagnostics.filter(Self.isKept)
        guard let current = loaded.current, var (context, diagnostics) = versionContext(current, modelName: modelName) else {
            return (nil, kept)
        }
        let history = loaded.history
        if history.count > 1, !loaded.hasErrors {
            let planner = MigrationPlanner(customSteps: configuration.customSteps)
            let plans = Array(zip(history, history.dropFirst())).parallelMap { planner.plan(from: $0, to: $1) }
            let versions = Array(history.dropLast()).parallelMap { version in
                versionContext(version, modelName: modelName).map { HistoryContextBuilder.Version(version: version, context: $0.0) }
            }.compactMap { $0 } + [HistoryContextBuilder.Version(version: current, context: context)]
            let (historyContext, notes) = HistoryContextBuilder(modelName: modelName, typeName: context.typeName).build(versions, plans: plans)
            context.history = historyContext
            diagnostics += notes + plans.flatMap(\.problems)
        }
        return (context, (kept + diagnostics).sortedByLocation())
    }

    /// The view model of one version, with the diagnostics of building it.
    private func versionContext(_ version: ModelVersion, modelName: String) -> (ModelContext, [Diagnostic])? {
        guard let model = version.model else { return nil }
        let contentsURL = URL(fileURLWithPath: version.contentsPath)
        let versionFile = contentsURL.lastPathComponent == "contents" ? contentsURL.deletingLastPathComponent().lastPathComponent : contentsURL.lastPathComponent
        return ViewModelBuilder(options: options).build(
            model, modelName: modelName, modelFileName: versionFile, path: version.contentsPath,
            contents: try? String(contentsOf: contentsURL, encoding: .utf8))
    }

    /// Drops the validator's announcements of renames: the generator reports each rename itself, naming
    /// the Swift name it chose.
    private static func isKept(_ diagnostic: Diagnostic) -> Bool {
        !(diagnostic.message.hasSuffix("the generator will rename it")
            || diagnostic.message.hasSuffix("generated code will qualify that type"))
    }

    /// The model's name: the `.xcdatamodeld` or `.xcdatamodel` name without extension.
    public static func modelName(of path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        if url.lastPathComponent == "contents" { url.deleteLastPathComponent() }
        if url.pathExtension == "xcdatamodel", url.deletingLastPathComponent().pathExtension == "xcdatamodeld" {
            url.deleteLastPathComponent()
        }
        return url.deletingPathExtension().lastPathComponent
    }
}
