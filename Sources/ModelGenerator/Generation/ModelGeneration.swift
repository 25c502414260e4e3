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
    public func viewModel(path: String) -> (ModelContext?, [Diagnostic]) {
        let loaded = ModelLoader().load(path: path)
        guard let model = loaded.model, let contentsPath = loaded.contentsPath else { return (nil, loaded.diagnostics) }
        let contentsURL = URL(fileURLWithPath: contentsPath)
        let versionFile = contentsURL.lastPathComponent == "contents" ? contentsURL.deletingLastPathComponent().lastPathComponent : contentsURL.lastPathComponent
        let (context, diagnostics) = ViewModelBuilder(options: options).build(
            model, modelName: Self.modelName(of: path), modelFileName: versionFile, path: contentsPath,
            contents: try? String(contentsOf: contentsURL, encoding: .utf8))
        return (context, (loaded.diagnostics.filter(Self.isKept) + diagnostics).sortedByLocation())
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
