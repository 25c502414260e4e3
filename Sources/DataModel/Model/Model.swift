/// The informational attributes of the root `<model>` element. None of them changes how the
/// model is interpreted.
public struct ModelMetadata: Sendable, Equatable, Codable {
    /// `type`, always `com.apple.IDECoreDataModeler.DataModel` in real files.
    public var type: String?
    /// `documentVersion`, always `1.0`.
    public var documentVersion: String?
    /// The build number of the Xcode that last saved the file (`1` for an untouched template).
    public var lastSavedToolsVersion: String?
    /// The macOS build the file was saved on.
    public var systemVersion: String?
    /// The editor's minimum tools setting (`Automatic`, `Xcode 4.3`, …).
    public var minimumToolsVersion: String?
    /// The language of Xcode's codegen (`Swift`, `Objective-C`); missing in older files.
    public var sourceLanguage: String?
    /// The model version identifier (free text, often empty).
    public var userDefinedModelVersionIdentifier: String?
    /// "Used with CloudKit" on the default configuration (`YES`, or `false` in templates).
    public var usedWithCloudKit: Bool
    /// "Used with SwiftData" (an editor flag).
    public var usedWithSwiftData: Bool

    /// Creates metadata with every value missing.
    public init() {
        usedWithCloudKit = false
        usedWithSwiftData = false
    }
}

/// One version of an Xcode data model: everything a `contents` file declares.
///
/// Read it with ``ModelLoader`` or ``ModelReader``. Every element keeps its ``SourceLocation``.
public struct Model: Sendable, Equatable, Codable {
    /// The root element's informational attributes.
    public var metadata: ModelMetadata
    /// The entities in file order (Xcode sorts them case-insensitively).
    public var entities: [Entity]
    /// The model-level fetch request templates.
    public var fetchRequests: [FetchRequestTemplate]
    /// The named configurations.
    public var configurations: [Configuration]
    /// The composite type definitions.
    public var composites: [CompositeType]
    /// Model-level user info (not observed in real files, kept when present).
    public var userInfo: UserInfo
    /// XML attributes of `<model>` the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements of `<model>` the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<model>` element starts.
    public var location: SourceLocation

    /// Creates an empty model.
    public init(location: SourceLocation) {
        self.metadata = ModelMetadata()
        self.entities = []
        self.fetchRequests = []
        self.configurations = []
        self.composites = []
        self.userInfo = UserInfo()
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }

    /// The first entity named `name`.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    /// The first composite type named `name`.
    public func composite(named name: String) -> CompositeType? {
        composites.first { $0.name == name }
    }

    /// `entity` followed by its ancestors, nearest first. Stops at a missing parent or at the
    /// first entity seen twice (an inheritance cycle, which validation reports).
    public func inheritanceChain(of entity: Entity) -> [Entity] {
        Self.inheritanceChain(of: entity, lookUp: self.entity(named:))
    }

    /// The inheritance walk behind ``inheritanceChain(of:)``, with the entity look-up supplied.
    static func inheritanceChain(of entity: Entity, lookUp: (String) -> Entity?) -> [Entity] {
        var chain = [entity]
        var seen: Set<String> = [entity.name]
        var current = entity
        while let parentName = current.parentEntityName, !seen.contains(parentName), let parent = lookUp(parentName) {
            chain.append(parent)
            seen.insert(parentName)
            current = parent
        }
        return chain
    }
}
