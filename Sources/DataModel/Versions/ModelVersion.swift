/// One version of a model bundle: a `.xcdatamodel` folder with an XML `contents` file, read and validated.
public struct ModelVersion: Sendable, Equatable {
    /// The version's name: the folder name without `.xcdatamodel` (`Moody 2`).
    public var name: String
    /// The `contents` file.
    public var contentsPath: String
    /// The model, or `nil` when it could not be read (the reason is among ``LoadedVersions/diagnostics``).
    public var model: Model?

    /// Creates a version.
    public init(name: String, contentsPath: String, model: Model?) {
        self.name = name
        self.contentsPath = contentsPath
        self.model = model
    }
}

/// Every version of a model, in order, as ``ModelLoader/loadVersions(path:order:)`` found them.
///
/// ```swift
/// let loaded = ModelLoader().loadVersions(path: "Moody.xcdatamodeld")
/// loaded.history.map(\.name)        // ["Moody", "Moody 2", …, "Moody 6"]
/// loaded.current?.name              // "Moody 6"
/// ```
public struct LoadedVersions: Sendable, Equatable {
    /// The path the user gave.
    public var path: String
    /// Every XML version in order (binary versions are left out, with a warning), including versions
    /// that come after the current one.
    public var versions: [ModelVersion]
    /// The current version's name (from `.xccurrentversion`, or the only version).
    public var currentName: String?
    /// Every diagnostic: the choice of versions and their order, and each version's reading and
    /// validation errors (older versions keep only their errors: their classes are not generated).
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.containsErrors }

    /// The current version, if it was read.
    public var current: ModelVersion? {
        versions.first { $0.name == currentName }
    }

    /// The versions a store can hold data of: every version up to and including the current one.
    public var history: [ModelVersion] {
        guard let currentName, let end = versions.firstIndex(where: { $0.name == currentName }) else { return versions }
        return Array(versions[...end])
    }

    /// The version called `name` (with or without `.xcdatamodel`).
    public func version(named name: String) -> ModelVersion? {
        let bare = VersionFolders.versionName(of: name)
        return versions.first { $0.name == bare }
    }
}
