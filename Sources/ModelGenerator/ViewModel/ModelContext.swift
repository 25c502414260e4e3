/// The view model of one data model: what every template is rendered against.
///
/// All names are resolved Swift names (escaped where needed), all types are Swift types, and code snippets
/// that need care (schema literals, read and write expressions) are precomputed, so templates only arrange
/// text. `modelgen dump-context MODEL` prints this structure as JSON; `Templates/README.md` documents it.
public struct ModelContext: Sendable, Hashable, Codable {
    /// The model's name: the bundle or version folder name without extension (`GitHub`).
    public var modelName: String
    /// The version file the model was read from (`GitHub.xcdatamodel`), for headers.
    public var modelFileName: String
    /// The name of the generated enum holding the model constant (`GitHubModel`).
    public var typeName: String
    /// The access modifier for generated declarations followed by a space (`public `), or empty for internal.
    public var access: String
    /// The modifier for overridable declarations followed by a space: `open ` when public, empty otherwise.
    public var openAccess: String
    /// The modules every generated file imports, sorted.
    public var imports: [String]
    /// The entities in the model's order (Xcode writes them sorted by name); the model constant lists
    /// its classes in this order.
    public var entities: [EntityContext]
    /// The composite attribute types, each generated as a `Codable` struct, sorted by name.
    public var composites: [CompositeContext]
    /// The classes of every entity, as a Swift list (`Band.self, Album.self`), in entity order.
    public var classList: String
    /// The version history, when the model has more than one version.
    public var history: HistoryContext?
}

/// A composite type of the model, generated as a `Codable` struct.
public struct CompositeContext: Sendable, Hashable, Codable {
    /// The composite's name in the model.
    public var name: String
    /// The Swift struct name.
    public var typeName: String
    /// The struct's stored properties.
    public var fields: [CompositeFieldContext]
    /// The memberwise initializer's parameter list (`name: String, count: Int64? = nil`).
    public var initParameterList: String
}

/// One field of a composite struct.
public struct CompositeFieldContext: Sendable, Hashable, Codable {
    /// The field's name in the model.
    public var name: String
    /// The Swift property name, escaped if needed.
    public var swiftName: String
    /// The Swift type, `Optional` when the model says optional.
    public var swiftType: String
}
