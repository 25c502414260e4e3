import Mustache

// The fields templates read, one switch per type: the fast path reads them by `TemplateField` without
// casts or hashing, and swift-mustache (a user's templates) through `child(named:)`, which maps the name
// to its field first. Every JSON key of the view model is a field here; `ViewModelLookupTests` checks
// that the two stay in step.

extension ModelContext: TemplateObject, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .modelName: .string(modelName)
        case .modelFileName: .string(modelFileName)
        case .typeName: .string(typeName)
        case .access: .string(access)
        case .openAccess: .string(openAccess)
        case .imports: .list(imports)
        case .entities: .list(entities)
        case .composites: .list(composites)
        case .classList: .string(classList)
        case .history: history.map { .object($0) }
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension CompositeContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .typeName: .string(typeName)
        case .fields: .list(fields)
        case .initParameterList: .string(initParameterList)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension CompositeFieldContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .swiftName: .string(swiftName)
        case .swiftType: .string(swiftType)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension EntityContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .className: .string(className)
        case .storageName: .string(storageName)
        case .pluralDescription: .string(pluralDescription)
        case .summary: .string(summary)
        case .classDeclaration: .string(classDeclaration)
        case .hasStaticEntity: .bool(hasStaticEntity)
        case .entityPropertyDeclaration: .string(entityPropertyDeclaration)
        case .overrideModifiers: .string(overrideModifiers)
        case .schemaHeader: .list(schemaHeader)
        case .schemaTrailer: .list(schemaTrailer)
        case .uniquenessConstraints: .list(uniquenessConstraints)
        case .isAbstract: .bool(isAbstract)
        case .parentName: parentName.map(TemplateValue.string)
        case .parentClassName: parentClassName.map(TemplateValue.string)
        case .subentityNames: .list(subentityNames)
        case .attributes: .list(attributes)
        case .ownAttributes: .list(ownAttributes)
        case .hasAttributes: .bool(hasAttributes)
        case .hasOwnAttributes: .bool(hasOwnAttributes)
        case .hasInheritedAttributes: .bool(hasInheritedAttributes)
        case .hasRelationships: .bool(hasRelationships)
        case .relationships: .list(relationships)
        case .ownRelationships: .list(ownRelationships)
        case .fields: .list(fields)
        case .hasInitializer: .bool(hasInitializer)
        case .initParameters: .list(initParameters)
        case .needsFetchExtension: .bool(needsFetchExtension)
        case .fetchRequests: .list(fetchRequests)
        case .fetchedProperties: .list(fetchedProperties)
        case .hasQueries: .bool(hasQueries)
        case .rest: rest.map { .object($0) }
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension ParameterContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .swiftType: .string(swiftType)
        case .source: .string(source)
        case .isLast: .bool(isLast)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension FieldContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .swiftName: .string(swiftName)
        case .fieldType: .string(fieldType)
        case .accessor: .string(accessor)
        case .declaration: .string(declaration)
        case .summary: .string(summary)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension AttributeContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .swiftName: .string(swiftName)
        case .reference: .string(reference)
        case .index: .int(index)
        case .modelType: .string(modelType)
        case .schemaType: .string(schemaType)
        case .swiftType: .string(swiftType)
        case .initialValue: .string(initialValue)
        case .declaration: .string(declaration)
        case .storageName: .string(storageName)
        case .isOptional: .bool(isOptional)
        case .isTransient: .bool(isTransient)
        case .derivation: derivation.map(TemplateValue.string)
        case .isJSON: .bool(isJSON)
        case .schemaLiteral: .string(schemaLiteral)
        case .readExpression: .string(readExpression)
        case .decodeExpression: .string(decodeExpression)
        case .loadExpression: .string(loadExpression)
        case .rowLoadExpression: .string(rowLoadExpression)
        case .summary: .string(summary)
        case .inheritedFrom: inheritedFrom.map(TemplateValue.string)
        case .jsonKey: .string(jsonKey)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension RelationshipContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .swiftName: .string(swiftName)
        case .capitalizedName: .string(capitalizedName)
        case .parameterName: .string(parameterName)
        case .index: .int(index)
        case .destination: .string(destination)
        case .destinationClassName: .string(destinationClassName)
        case .inverseName: inverseName.map(TemplateValue.string)
        case .isToMany: .bool(isToMany)
        case .isOrdered: .bool(isOrdered)
        case .isOptional: .bool(isOptional)
        case .isTransient: .bool(isTransient)
        case .deleteRule: .string(deleteRule)
        case .schemaLiteral: .string(schemaLiteral)
        case .summary: .string(summary)
        case .inheritedFrom: inheritedFrom.map(TemplateValue.string)
        case .jsonKey: .string(jsonKey)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension FetchRequestContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .functionName: .string(functionName)
        case .predicateString: predicateString.map(TemplateValue.string)
        case .isCount: .bool(isCount)
        case .parameters: .list(parameters)
        case .parameterList: .string(parameterList)
        case .requestArguments: .string(requestArguments)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension FetchedPropertyContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .swiftName: .string(swiftName)
        case .destinationClassName: .string(destinationClassName)
        case .predicateString: predicateString.map(TemplateValue.string)
        case .requestArguments: .string(requestArguments)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension RESTEntityContext: TemplateObject, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .path: path.map(TemplateValue.string)
        case .objectPath: objectPath.map(TemplateValue.string)
        case .identifierKey: .string(identifierKey)
        case .identifierAttribute: identifierAttribute.map(TemplateValue.string)
        case .envelope: envelope.map(TemplateValue.string)
        case .entityKey: entityKey.map(TemplateValue.string)
        case .entityValue: entityValue.map(TemplateValue.string)
        case .mappingLiteral: .string(mappingLiteral)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension HistoryContext: TemplateObject, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .storageTypeName: .string(storageTypeName)
        case .versions: .list(versions)
        case .stages: .list(stages)
        case .entities: .list(entities)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension VersionContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .versionHash: .string(versionHash)
        case .isCurrent: .bool(isCurrent)
        case .literal: .string(literal)
        case .storageName: .string(storageName)
        case .reference: .string(reference)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension StageContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .from: .string(from)
        case .to: .string(to)
        case .steps: .list(steps)
        case .hasSteps: .bool(hasSteps)
        case .hasCustomStep: .bool(hasCustomStep)
        case .fromLiteral: .string(fromLiteral)
        case .toLiteral: .string(toLiteral)
        case .storageName: .string(storageName)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}

extension HistoryEntityContext: TemplateObjectElement, MustacheParent {
    func templateValue(_ field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .literal: .string(literal)
        default: nil
        }
    }

    /// The value of the field `name`, for templates.
    public func child(named name: String) -> Any? { mustacheChild(named: name) }
}
