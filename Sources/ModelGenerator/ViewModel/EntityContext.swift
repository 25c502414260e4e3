/// One entity of the model: a generated class with its schema, properties, initializer and fetch helpers.
public struct EntityContext: Sendable, Hashable, Codable {
    /// The entity's name in the model, used in the schema and in stores.
    public var name: String
    /// The Swift class name, escaped if needed.
    public var className: String
    /// The class name with a lowercase first letter, for private storage names (`mediaEntity`).
    public var storageName: String
    /// The class name for documentation sentences: plural, lowercase (`podcasts`).
    public var pluralDescription: String
    /// A one-line description of the entity for its doc comment.
    public var summary: String
    /// The class declaration line up to the opening brace (`public final class Band: ManagedObject, ManagedEntity`).
    public var classDeclaration: String
    /// Whether the schema is a plain `static let entity` (a class outside any inheritance hierarchy).
    public var hasStaticEntity: Bool
    /// The declaration of the `entity` class property for classes in a hierarchy (empty otherwise).
    public var entityPropertyDeclaration: String
    /// The modifiers of the attribute read and write overrides (`public override`, `open override`).
    public var overrideModifiers: String
    /// The `EntityDescription(...)` initializer arguments before `attributes:` (name, class, parent, abstract).
    public var schemaHeader: [String]
    /// The lines after the attribute and relationship lists (uniqueness constraints, indexes, userInfo).
    public var schemaTrailer: [String]
    /// The uniqueness constraints declared on the entity, each as its property names.
    public var uniquenessConstraints: [[String]]
    /// Whether the entity is abstract (no initializer).
    public var isAbstract: Bool
    /// The parent entity's name, if any.
    public var parentName: String?
    /// The parent entity's class name, if any.
    public var parentClassName: String?
    /// The names of the direct subentities, sorted.
    public var subentityNames: [String]
    /// Every attribute in schema order, inherited ones first.
    public var attributes: [AttributeContext]
    /// The attributes this class declares (not inherited).
    public var ownAttributes: [AttributeContext]
    /// Whether `attributes` is not empty.
    public var hasAttributes: Bool
    /// Whether `ownAttributes` is not empty.
    public var hasOwnAttributes: Bool
    /// Whether some attributes come from a parent entity (whose class loads them).
    public var hasInheritedAttributes: Bool
    /// Whether `relationships` is not empty.
    public var hasRelationships: Bool
    /// Every relationship in schema order, inherited ones first.
    public var relationships: [RelationshipContext]
    /// The relationships this class declares (not inherited).
    public var ownRelationships: [RelationshipContext]
    /// Every attribute and relationship that has a typed field in `Fields`.
    public var fields: [FieldContext]
    /// Whether the class gets a typed initializer (not abstract).
    public var hasInitializer: Bool
    /// The initializer's parameters: every required attribute without a default, inherited ones first.
    public var initParameters: [ParameterContext]
    /// Whether the class needs its own `fetch`/`count`/`first` (a subentity: its conformance is the root's).
    public var needsFetchExtension: Bool
    /// Typed functions for the model's fetch request templates on this entity.
    public var fetchRequests: [FetchRequestContext]
    /// Typed async accessors for the entity's fetched properties.
    public var fetchedProperties: [FetchedPropertyContext]
    /// Whether the entity has fetch request functions or fetched properties (an extra extension).
    public var hasQueries: Bool
    /// The REST mapping of the entity, when the model declares one.
    public var rest: RESTEntityContext?
}

/// A parameter of a generated function.
public struct ParameterContext: Sendable, Hashable, Codable {
    /// The parameter name, escaped if needed.
    public var name: String
    /// The Swift type.
    public var swiftType: String
    /// Where the parameter comes from (an attribute name or a `$VARIABLE`).
    public var source: String
    /// Whether this is the last parameter (for separators in templates).
    public var isLast: Bool
}

/// A typed field of a `Fields` struct.
public struct FieldContext: Sendable, Hashable, Codable {
    /// The property's model name (the key in the schema).
    public var name: String
    /// The Swift property name, escaped if needed.
    public var swiftName: String
    /// The field's type (`AttributeField<String>`, `Album.Fields`, `ToManyField<Track.Fields>`).
    public var fieldType: String
    /// The `FieldSet` call creating it (`attribute("name")`, `toOne("band")`, `toMany("tracks")`).
    public var accessor: String
    /// The whole member (`public var name: AttributeField<String> { attribute("name") }`).
    public var declaration: String
    /// The doc comment text (`Attribute `title` (from `Media`).`).
    public var summary: String
}
