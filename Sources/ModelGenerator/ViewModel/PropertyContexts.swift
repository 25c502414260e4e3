/// One attribute: a typed stored property of the generated class.
public struct AttributeContext: Sendable, Hashable, Codable {
    /// The attribute's name in the model.
    public var name: String
    /// The Swift property name, escaped if needed.
    public var swiftName: String
    /// The property as written inside the class's attribute switch: `self.value` where a parameter
    /// (`index`, `value`) would shadow it, the plain name otherwise.
    public var reference: String
    /// The attribute's index in the entity's schema (inherited attributes first).
    public var index: Int
    /// The model's type name (`Integer 16`).
    public var modelType: String
    /// The runtime's `AttributeType` case (`integer16`).
    public var schemaType: String
    /// The Swift type of the property, with `?` when optional (`Int16?`).
    public var swiftType: String
    /// The initial value clause (` = ""`, ` = 0`), or empty for an optional.
    public var initialValue: String
    /// The public property's declaration without its accessors (`public var name: String`).
    public var declaration: String
    /// The private stored property behind the public one, which loading writes directly (`_name`).
    public var storageName: String
    /// Whether the Swift property is `Optional`.
    public var isOptional: Bool
    /// Whether the model says the attribute is transient.
    public var isTransient: Bool
    /// The derivation expression of a derived attribute, if any.
    public var derivation: String?
    /// Whether the value is stored as JSON (transformable, composite and custom types).
    public var isJSON: Bool
    /// The `AttributeDescription(...)` literal of the schema.
    public var schemaLiteral: String
    /// The expression reading the property as an `AttributeValue`.
    public var readExpression: String
    /// The expression decoding `value` for the property (`try decode(value, at: 0)`).
    public var decodeExpression: String
    /// The expression decoding the property from a store's `values` (`try decode(values, at: 0)`; JSON-stored
    /// values `try decodeJSON(values[0], at: 0)`).
    public var loadExpression: String
    /// The expression decoding the property from a store's `row` (`try decode(row, at: 0)`; JSON-stored
    /// values `try decodeJSON(row.value(at: 0), at: 0)`).
    public var rowLoadExpression: String
    /// A one-line description for the doc comment (`String, required, length 1...60`).
    public var summary: String
    /// The entity declaring the attribute when inherited.
    public var inheritedFrom: String?
    /// The JSON key (REST mapping `rest.key`, or the convention's key for the name).
    public var jsonKey: String
}

/// One relationship: typed accessors and mutators of the generated class.
public struct RelationshipContext: Sendable, Hashable, Codable {
    /// The relationship's name in the model.
    public var name: String
    /// The Swift property name, escaped if needed.
    public var swiftName: String
    /// The Swift name with an uppercase first letter, for mutators (`addToAlbums`).
    public var capitalizedName: String
    /// The mutators' parameter name (`album`).
    public var parameterName: String
    /// The relationship's index in the entity's schema (inherited relationships first).
    public var index: Int
    /// The destination entity's name in the model.
    public var destination: String
    /// The destination's Swift class name.
    public var destinationClassName: String
    /// The inverse relationship's name, when the model declares a consistent one.
    public var inverseName: String?
    /// Whether it is to-many.
    public var isToMany: Bool
    /// Whether it is an ordered to-many.
    public var isOrdered: Bool
    /// Whether the model says optional.
    public var isOptional: Bool
    /// Whether the model says transient.
    public var isTransient: Bool
    /// The delete rule as the model writes it (`Cascade`).
    public var deleteRule: String
    /// The `RelationshipDescription(...)` literal of the schema.
    public var schemaLiteral: String
    /// A one-line description for the doc comment.
    public var summary: String
    /// The entity declaring the relationship when inherited.
    public var inheritedFrom: String?
    /// The JSON key (REST mapping `rest.key`, or the convention's key for the name).
    public var jsonKey: String
}

/// A model fetch request template on an entity, as a typed static function.
public struct FetchRequestContext: Sendable, Hashable, Codable {
    /// The template's name in the model.
    public var name: String
    /// The generated function's name (`fetchReposNamed`).
    public var functionName: String
    /// The template's predicate format string, if any.
    public var predicateString: String?
    /// Whether the template asks for a count (`resultType` 4): the function returns `Int`.
    public var isCount: Bool
    /// The parameters, one per substitution variable, in order of first use.
    public var parameters: [ParameterContext]
    /// The parameters as a Swift list with a leading comma (`, name: String`), or empty.
    public var parameterList: String
    /// The `FetchRequest` initializer arguments (`where: \Repository.Fields.name == name, limit: 10`).
    public var requestArguments: String
}

/// A fetched property, as a typed async accessor.
public struct FetchedPropertyContext: Sendable, Hashable, Codable {
    /// The fetched property's name in the model.
    public var name: String
    /// The Swift property name, escaped if needed.
    public var swiftName: String
    /// The fetched entity's class name.
    public var destinationClassName: String
    /// The predicate format string, if any.
    public var predicateString: String?
    /// The `FetchRequest` initializer arguments.
    public var requestArguments: String
}

/// The REST mapping of an entity, from the model's `rest.*` userInfo keys, with placeholders resolved to
/// property names.
public struct RESTEntityContext: Sendable, Hashable, Codable {
    /// The collection path template as written (`/repos/:repository.full_name/issues`).
    public var path: String?
    /// The single-object path template as written (`/users/:login`).
    public var objectPath: String?
    /// The JSON key of the unique identifier (default `id`).
    public var identifierKey: String
    /// The attribute holding the identifier, when one maps to `identifierKey`.
    public var identifierAttribute: String?
    /// The key of the envelope object around results, if any.
    public var envelope: String?
    /// The JSON key naming the entity of an object in its inheritance hierarchy (`rest.entityKey` of the root).
    public var entityKey: String?
    /// This entity's value of `entityKey` (`rest.entityValue`, default the entity name; none when abstract).
    public var entityValue: String?
    /// The `RESTEntityMapping(...)` expression, indented for the schema literal.
    public var mappingLiteral: String
}
