/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// `public` (and `open` for classes with subclasses).
    case `public`
    /// `internal`: no modifier.
    case `internal`
}

/// How generated code is split into files.
public enum FileLayout: String, Sendable, Hashable, Codable, CaseIterable {
    /// One file per entity plus one for the model (`Band.swift`, `MusicModel.swift`).
    case entity
    /// One file per model (`Music.swift`): fixed names, for build tool plugins.
    case model
}

/// What to generate and how.
public struct GenerationOptions: Sendable, Hashable {
    /// The access level of generated declarations.
    public var accessLevel: AccessLevel
    /// How generated code is split into files.
    public var fileLayout: FileLayout
    /// The modules generated files import besides Foundation (`ObjectGraph` unless the code lives in it).
    public var imports: [String]
    /// The version order and custom migration steps of each model that has them, by model name.
    public var versions: [String: VersionsConfiguration]
    /// Version pairs with a custom migration step, for every model (the command line's `--custom-step`).
    public var customSteps: Set<VersionPair>

    /// Creates options; the defaults are public declarations, one file per entity, importing `ObjectGraph`.
    public init(accessLevel: AccessLevel = .public, fileLayout: FileLayout = .entity, imports: [String] = ["ObjectGraph"],
                versions: [String: VersionsConfiguration] = [:], customSteps: Set<VersionPair> = []) {
        self.accessLevel = accessLevel
        self.fileLayout = fileLayout
        self.imports = imports
        self.versions = versions
        self.customSteps = customSteps
    }

    /// The modifier for ordinary declarations, with a trailing space (`public `), or empty.
    var access: String { accessLevel == .public ? "public " : "" }
    /// The modifier for overridable declarations, with a trailing space (`open `), or empty.
    var openAccess: String { accessLevel == .public ? "open " : "" }
}
