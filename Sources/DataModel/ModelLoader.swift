/// The outcome of loading a model: the model when it could be read, and every diagnostic
/// from reading and validation in file order.
public struct LoadedModel: Sendable, Equatable {
    /// The path the user gave.
    public var path: String
    /// The model, or `nil` when it could not be read (the reason is among ``diagnostics``).
    public var model: Model?
    /// The `contents` file that was read, when one was found.
    public var contentsPath: String?
    /// The version folder name, when the file is inside one.
    public var versionName: String?
    /// Every diagnostic, sorted by file, line and column.
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.containsErrors }
}

/// Reads and validates Xcode data models: the entry point for tools.
///
/// ```swift
/// let loaded = ModelLoader().load(path: "Models/GitHub.xcdatamodeld")
/// for diagnostic in loaded.diagnostics {
///     print(diagnostic)            // Models/…/contents:12:9: warning: …
/// }
/// if let model = loaded.model, !loaded.hasErrors {
///     for entity in model.entities {
///         print(entity.name, entity.attributes.map(\.name))
///     }
/// }
/// ```
public struct ModelLoader: Sendable {
    private let reader = ModelReader()
    private let validator = ModelValidator()

    /// Creates a loader.
    public init() {}

    /// Reads the model at `path` (a `.xcdatamodeld` bundle, a `.xcdatamodel` folder or a
    /// `contents` file) and validates it. Never throws: problems are diagnostics.
    public func load(path: String) -> LoadedModel {
        do {
            let read = try reader.read(path: path)
            let diagnostics = read.diagnostics + validator.validate(read.model, path: read.contentsPath)
            return LoadedModel(
                path: path,
                model: read.model,
                contentsPath: read.contentsPath,
                versionName: read.versionName,
                diagnostics: diagnostics.sortedByLocation()
            )
        } catch {
            return LoadedModel(path: path, model: nil, contentsPath: nil, versionName: nil, diagnostics: [error.diagnostic])
        }
    }
}
