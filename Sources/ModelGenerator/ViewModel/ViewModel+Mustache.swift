import Mustache

// Lookups without `Mirror` (about 4x faster on large models), through one hashed table per type. Every JSON
// key of the view model is a name here; `ViewModelLookupTests` checks that the two stay in step.

extension ModelContext: MustacheParent {
    private static let fields: [String: @Sendable (ModelContext) -> Any?] = [
        "modelName": { $0.modelName },
        "modelFileName": { $0.modelFileName },
        "typeName": { $0.typeName },
        "access": { $0.access },
        "openAccess": { $0.openAccess },
        "imports": { $0.imports },
        "entities": { $0.entities },
        "composites": { $0.composites },
        "classList": { $0.classList },
        "history": { $0.history },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension CompositeContext: MustacheParent {
    private static let fields: [String: @Sendable (CompositeContext) -> Any?] = [
        "name": { $0.name },
        "typeName": { $0.typeName },
        "fields": { $0.fields },
        "initParameterList": { $0.initParameterList },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension CompositeFieldContext: MustacheParent {
    private static let fields: [String: @Sendable (CompositeFieldContext) -> Any?] = [
        "name": { $0.name },
        "swiftName": { $0.swiftName },
        "swiftType": { $0.swiftType },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension EntityContext: MustacheParent {
    private static let fields: [String: @Sendable (EntityContext) -> Any?] = [
        "name": { $0.name },
        "className": { $0.className },
        "storageName": { $0.storageName },
        "pluralDescription": { $0.pluralDescription },
        "summary": { $0.summary },
        "classDeclaration": { $0.classDeclaration },
        "hasStaticEntity": { $0.hasStaticEntity },
        "entityPropertyDeclaration": { $0.entityPropertyDeclaration },
        "overrideModifiers": { $0.overrideModifiers },
        "schemaHeader": { $0.schemaHeader },
        "schemaTrailer": { $0.schemaTrailer },
        "uniquenessConstraints": { $0.uniquenessConstraints },
        "isAbstract": { $0.isAbstract },
        "parentName": { $0.parentName },
        "parentClassName": { $0.parentClassName },
        "subentityNames": { $0.subentityNames },
        "attributes": { $0.attributes },
        "ownAttributes": { $0.ownAttributes },
        "hasAttributes": { $0.hasAttributes },
        "hasOwnAttributes": { $0.hasOwnAttributes },
        "hasInheritedAttributes": { $0.hasInheritedAttributes },
        "hasRelationships": { $0.hasRelationships },
        "relationships": { $0.relationships },
        "ownRelationships": { $0.ownRelationships },
        "fields": { $0.fields },
        "hasInitializer": { $0.hasInitializer },
        "initParameters": { $0.initParameters },
        "needsFetchExtension": { $0.needsFetchExtension },
        "fetchRequests": { $0.fetchRequests },
        "fetchedProperties": { $0.fetchedProperties },
        "hasQueries": { $0.hasQueries },
        "rest": { $0.rest },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension ParameterContext: MustacheParent {
    private static let fields: [String: @Sendable (ParameterContext) -> Any?] = [
        "name": { $0.name },
        "swiftType": { $0.swiftType },
        "source": { $0.source },
        "isLast": { $0.isLast },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension FieldContext: MustacheParent {
    private static let fields: [String: @Sendable (FieldContext) -> Any?] = [
        "name": { $0.name },
        "swiftName": { $0.swiftName },
        "fieldType": { $0.fieldType },
        "accessor": { $0.accessor },
        "declaration": { $0.declaration },
        "summary": { $0.summary },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension AttributeContext: MustacheParent {
    private static let fields: [String: @Sendable (AttributeContext) -> Any?] = [
        "name": { $0.name },
        "swiftName": { $0.swiftName },
        "reference": { $0.reference },
        "index": { $0.index },
        "modelType": { $0.modelType },
        "schemaType": { $0.schemaType },
        "swiftType": { $0.swiftType },
        "initialValue": { $0.initialValue },
        "declaration": { $0.declaration },
        "isOptional": { $0.isOptional },
        "isTransient": { $0.isTransient },
        "derivation": { $0.derivation },
        "isJSON": { $0.isJSON },
        "schemaLiteral": { $0.schemaLiteral },
        "readExpression": { $0.readExpression },
        "decodeExpression": { $0.decodeExpression },
        "loadExpression": { $0.loadExpression },
        "summary": { $0.summary },
        "inheritedFrom": { $0.inheritedFrom },
        "jsonKey": { $0.jsonKey },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension RelationshipContext: MustacheParent {
    private static let fields: [String: @Sendable (RelationshipContext) -> Any?] = [
        "name": { $0.name },
        "swiftName": { $0.swiftName },
        "capitalizedName": { $0.capitalizedName },
        "parameterName": { $0.parameterName },
        "index": { $0.index },
        "destination": { $0.destination },
        "destinationClassName": { $0.destinationClassName },
        "inverseName": { $0.inverseName },
        "isToMany": { $0.isToMany },
        "isOrdered": { $0.isOrdered },
        "isOptional": { $0.isOptional },
        "isTransient": { $0.isTransient },
        "deleteRule": { $0.deleteRule },
        "schemaLiteral": { $0.schemaLiteral },
        "summary": { $0.summary },
        "inheritedFrom": { $0.inheritedFrom },
        "jsonKey": { $0.jsonKey },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension FetchRequestContext: MustacheParent {
    private static let fields: [String: @Sendable (FetchRequestContext) -> Any?] = [
        "name": { $0.name },
        "functionName": { $0.functionName },
        "predicateString": { $0.predicateString },
        "isCount": { $0.isCount },
        "parameters": { $0.parameters },
        "parameterList": { $0.parameterList },
        "requestArguments": { $0.requestArguments },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension FetchedPropertyContext: MustacheParent {
    private static let fields: [String: @Sendable (FetchedPropertyContext) -> Any?] = [
        "name": { $0.name },
        "swiftName": { $0.swiftName },
        "destinationClassName": { $0.destinationClassName },
        "predicateString": { $0.predicateString },
        "requestArguments": { $0.requestArguments },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension RESTEntityContext: MustacheParent {
    private static let fields: [String: @Sendable (RESTEntityContext) -> Any?] = [
        "path": { $0.path },
        "objectPath": { $0.objectPath },
        "identifierKey": { $0.identifierKey },
        "identifierAttribute": { $0.identifierAttribute },
        "envelope": { $0.envelope },
        "mappingLiteral": { $0.mappingLiteral },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension HistoryContext: MustacheParent {
    private static let fields: [String: @Sendable (HistoryContext) -> Any?] = [
        "storageTypeName": { $0.storageTypeName },
        "versions": { $0.versions },
        "stages": { $0.stages },
        "entities": { $0.entities },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension VersionContext: MustacheParent {
    private static let fields: [String: @Sendable (VersionContext) -> Any?] = [
        "name": { $0.name },
        "versionHash": { $0.versionHash },
        "isCurrent": { $0.isCurrent },
        "literal": { $0.literal },
        "storageName": { $0.storageName },
        "reference": { $0.reference },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension StageContext: MustacheParent {
    private static let fields: [String: @Sendable (StageContext) -> Any?] = [
        "from": { $0.from },
        "to": { $0.to },
        "steps": { $0.steps },
        "hasSteps": { $0.hasSteps },
        "hasCustomStep": { $0.hasCustomStep },
        "fromLiteral": { $0.fromLiteral },
        "toLiteral": { $0.toLiteral },
        "storageName": { $0.storageName },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}

extension HistoryEntityContext: MustacheParent {
    private static let fields: [String: @Sendable (HistoryEntityContext) -> Any?] = [
        "name": { $0.name },
        "literal": { $0.literal },
    ]

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { Self.fields[name]?(self) }
}
