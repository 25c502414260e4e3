import Mustache

// Lookups without `Mirror` (about 4x faster on large models). Every JSON key of the view model is a name
// here; `ViewModelLookupTests` checks that the two stay in step.

extension ModelContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "modelName": modelName
        case "modelFileName": modelFileName
        case "typeName": typeName
        case "access": access
        case "openAccess": openAccess
        case "imports": imports
        case "entities": entities
        case "composites": composites
        case "classList": classList
        default: nil
        }
    }
}

extension CompositeContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "typeName": typeName
        case "fields": fields
        case "initParameterList": initParameterList
        default: nil
        }
    }
}

extension CompositeFieldContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "swiftName": swiftName
        case "swiftType": swiftType
        default: nil
        }
    }
}

extension EntityContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "className": className
        case "storageName": storageName
        case "pluralDescription": pluralDescription
        case "summary": summary
        case "classDeclaration": classDeclaration
        case "hasStaticEntity": hasStaticEntity
        case "entityPropertyDeclaration": entityPropertyDeclaration
        case "overrideModifiers": overrideModifiers
        case "schemaHeader": schemaHeader
        case "schemaTrailer": schemaTrailer
        case "isAbstract": isAbstract
        case "parentName": parentName
        case "parentClassName": parentClassName
        case "subentityNames": subentityNames
        case "attributes": attributes
        case "ownAttributes": ownAttributes
        case "hasAttributes": hasAttributes
        case "hasOwnAttributes": hasOwnAttributes
        case "hasRelationships": hasRelationships
        case "relationships": relationships
        case "ownRelationships": ownRelationships
        case "fields": fields
        case "hasInitializer": hasInitializer
        case "initParameters": initParameters
        case "needsFetchExtension": needsFetchExtension
        case "fetchRequests": fetchRequests
        case "fetchedProperties": fetchedProperties
        case "hasQueries": hasQueries
        case "rest": rest
        default: nil
        }
    }
}

extension ParameterContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "swiftType": swiftType
        case "source": source
        case "isLast": isLast
        default: nil
        }
    }
}

extension FieldContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "swiftName": swiftName
        case "fieldType": fieldType
        case "accessor": accessor
        case "summary": summary
        default: nil
        }
    }
}

extension AttributeContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "swiftName": swiftName
        case "reference": reference
        case "index": index
        case "modelType": modelType
        case "schemaType": schemaType
        case "swiftType": swiftType
        case "initialValue": initialValue
        case "isOptional": isOptional
        case "isTransient": isTransient
        case "derivation": derivation
        case "isJSON": isJSON
        case "schemaLiteral": schemaLiteral
        case "readExpression": readExpression
        case "decodeExpression": decodeExpression
        case "summary": summary
        case "inheritedFrom": inheritedFrom
        case "jsonKey": jsonKey
        default: nil
        }
    }
}

extension RelationshipContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "swiftName": swiftName
        case "capitalizedName": capitalizedName
        case "parameterName": parameterName
        case "index": index
        case "destination": destination
        case "destinationClassName": destinationClassName
        case "inverseName": inverseName
        case "isToMany": isToMany
        case "isOrdered": isOrdered
        case "isOptional": isOptional
        case "deleteRule": deleteRule
        case "schemaLiteral": schemaLiteral
        case "summary": summary
        case "inheritedFrom": inheritedFrom
        case "jsonKey": jsonKey
        default: nil
        }
    }
}

extension FetchRequestContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "functionName": functionName
        case "predicateString": predicateString
        case "isCount": isCount
        case "parameters": parameters
        case "parameterList": parameterList
        case "requestArguments": requestArguments
        default: nil
        }
    }
}

extension FetchedPropertyContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "swiftName": swiftName
        case "destinationClassName": destinationClassName
        case "predicateString": predicateString
        case "requestArguments": requestArguments
        default: nil
        }
    }
}

extension RESTEntityContext: MustacheParent {
    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? {
        switch name {
        case "path": path
        case "objectPath": objectPath
        case "identifierKey": identifierKey
        case "identifierAttribute": identifierAttribute
        case "envelope": envelope
        case "mappingLiteral": mappingLiteral
        default: nil
        }
    }
}
