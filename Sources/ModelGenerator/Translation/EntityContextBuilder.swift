import DataModel

/// Turns a resolved entity into the text-ready ``EntityContext``.
struct EntityContextBuilder {
    let modelName: String
    let options: GenerationOptions
    let attributeTranslator: AttributeTranslator
    let jsonKeys: JSONKeyConvention

    /// The entity's context, with its typed fetch functions, fetched properties and REST mapping.
    func context(
        for resolved: ResolvedEntity, subentities: [String], fetchRequests: [FetchRequestContext],
        fetchedProperties: [FetchedPropertyContext], rest: RESTEntityContext?
    ) -> EntityContext {
        let entity = resolved.entity
        let className = resolved.className
        let storageName = SwiftSource.lowercasingFirst(className.filter { $0 != "`" }) + "Entity"
        let attributes = resolved.attributes.enumerated().map { attributeContext($0.element, index: $0.offset, in: entity) }
        let relationships = resolved.relationships.enumerated().map { relationshipContext($0.element, index: $0.offset, in: entity) }
        let role = HierarchyRole(hasParent: resolved.parentClassName != nil, hasChildren: !subentities.isEmpty)
        let initAttributes = resolved.attributes.filter(isInitParameter)
        return EntityContext(
            name: entity.name,
            className: className,
            storageName: storageName,
            pluralDescription: "`\(className)` objects",
            summary: summary(of: entity, subentities: subentities),
            classDeclaration: role.classDeclaration(className: className, parent: resolved.parentClassName, options: options),
            hasStaticEntity: role == .standalone,
            entityPropertyDeclaration: role.entityProperty(storage: storageName, options: options),
            overrideModifiers: (role.isFinal ? options.access : options.openAccess) + "override",
            schemaHeader: schemaHeader(entity, className: className, hasParent: role.hasParent),
            schemaTrailer: schemaTrailer(entity) + (rest.map { ["rest: " + $0.mappingLiteral] } ?? [])
                + neverNullArgument(resolved.attributes),
            uniquenessConstraints: entity.uniquenessConstraints.map(\.propertyNames).filter { !$0.isEmpty },
            isAbstract: entity.isAbstract,
            parentName: role.hasParent ? entity.parentEntityName : nil,
            parentClassName: resolved.parentClassName,
            subentityNames: subentities,
            attributes: attributes,
            ownAttributes: attributes.filter { $0.inheritedFrom == nil },
            hasAttributes: !attributes.isEmpty,
            hasOwnAttributes: attributes.contains { $0.inheritedFrom == nil },
            hasInheritedAttributes: attributes.contains { $0.inheritedFrom != nil },
            hasRelationships: !relationships.isEmpty,
            relationships: relationships,
            ownRelationships: relationships.filter { $0.inheritedFrom == nil },
            fields: fields(attributes: attributes, relationships: relationships),
            hasInitializer: !entity.isAbstract,
            initParameters: initAttributes.enumerated().map { offset, attribute in
                ParameterContext(name: attribute.name.escaped, swiftType: attribute.storage.valueType,
                                 source: attribute.attribute.name, isLast: offset == initAttributes.count - 1)
            },
            needsFetchExtension: role.hasParent,
            fetchRequests: fetchRequests,
            fetchedProperties: fetchedProperties,
            hasQueries: !fetchRequests.isEmpty || !fetchedProperties.isEmpty,
            rest: rest
        )
    }

    private func isInitParameter(_ attribute: ResolvedEntity.ResolvedAttribute) -> Bool {
        !attribute.storage.isOptional && !attribute.storage.hasModelDefault && !attribute.attribute.isTransient
            && !attribute.attribute.isDerived
    }

    private func summary(of entity: Entity, subentities: [String]) -> String {
        var notes: [String] = []
        if entity.isAbstract { notes.append("abstract") }
        if let parent = entity.parentEntityName { notes.append("parent `\(parent)`") }
        if !subentities.isEmpty { notes.append("subentities " + subentities.map { "`\($0)`" }.joined(separator: ", ")) }
        let suffix = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        return "Entity `\(entity.name)` of model `\(modelName)`\(suffix)."
    }

    private func schemaHeader(_ entity: Entity, className: String, hasParent: Bool) -> [String] {
        var lines = ["name: \(SwiftSource.string(entity.name)),"]
        let plainClass = className.filter { $0 != "`" }
        if plainClass != entity.name { lines.append("className: \(SwiftSource.string(plainClass)),") }
        if hasParent, let parent = entity.parentEntityName { lines.append("parent: \(SwiftSource.string(parent)),") }
        if entity.isAbstract { lines.append("isAbstract: true,") }
        return lines
    }

    private func schemaTrailer(_ entity: Entity) -> [String] {
        var parts: [String] = []
        let constraints = entity.uniquenessConstraints.map(\.propertyNames).filter { !$0.isEmpty }
        if !constraints.isEmpty {
            let groups = constraints.map { "[" + $0.map(SwiftSource.string).joined(separator: ", ") + "]" }
            parts.append("uniquenessConstraints: [\(groups.joined(separator: ", "))]")
        }
        let indexes = IndexLiteral.indexes(of: entity)
        if !indexes.isEmpty {
            parts.append("indexes: [\(indexes.map(IndexLiteral.literal).joined(separator: ", "))]")
        }
        let userInfo = UserInfoLiteral.argument(entity.userInfo)
        if !userInfo.isEmpty { parts.append(userInfo) }
        return parts
    }

    /// The `attributesNeverNull:` argument naming the stored attributes whose properties never read as
    /// null, or nothing when there are none.
    private func neverNullArgument(_ attributes: [ResolvedEntity.ResolvedAttribute]) -> [String] {
        let names = attributes.filter { $0.storage.readsNeverNull && !$0.attribute.isTransient }.map(\.attribute.name)
        return names.isEmpty ? [] : ["attributesNeverNull: [\(names.map(SwiftSource.string).joined(separator: ", "))]"]
    }

    private func attributeContext(_ resolved: ResolvedEntity.ResolvedAttribute, index: Int, in entity: Entity) -> AttributeContext {
        let attribute = resolved.attribute
        let storage = resolved.storage
        let name = resolved.name.escaped
        let reference = ["index", "value"].contains(resolved.name.identifier) ? "self.\(name)" : name
        let isJSON = storage.isJSON
        let swiftType = storage.valueType + (storage.isOptional ? "?" : "")
        let initialValue = storage.initialValue.map { " = \($0)" } ?? ""
        return AttributeContext(
            name: attribute.name,
            swiftName: name,
            reference: reference,
            index: index,
            modelType: attribute.type.rawValue,
            schemaType: AttributeTypeMapping.schemaType(for: attribute.type),
            swiftType: swiftType,
            initialValue: initialValue,
            declaration: "\(options.access)var \(name): \(swiftType)",
            storageName: "_\(resolved.name.identifier)",
            isOptional: storage.isOptional,
            isTransient: attribute.isTransient,
            derivation: attribute.isDerived ? attribute.derivationExpression : nil,
            isJSON: isJSON,
            schemaLiteral: attributeTranslator.schemaLiteral(of: attribute, storage: storage),
            readExpression: !isJSON ? "\(reference).attributeValue"
                : storage.isOptional ? "\(reference).map(encodeJSON) ?? .null" : "encodeJSON(\(reference))",
            decodeExpression: decodeExpression(of: "value", index: index, storage: storage),
            loadExpression: decodeExpression(of: storage.isJSON ? "values[\(index)]" : "values", index: index, storage: storage),
            rowLoadExpression: decodeExpression(of: storage.isJSON ? "row.value(at: \(index))" : "row", index: index, storage: storage),
            summary: attributeTranslator.summary(of: attribute, storage: storage),
            inheritedFrom: resolved.declaringEntity == entity.name ? nil : resolved.declaringEntity,
            jsonKey: attribute.userInfo["rest.key"] ?? jsonKeys.jsonKey(forProperty: attribute.name)
        )
    }

    /// The expression converting the `AttributeValue` expression `value` for the attribute at `index`.
    private func decodeExpression(of value: String, index: Int, storage: AttributeTranslator.Storage) -> String {
        let function = !storage.isJSON ? "decode" : storage.isOptional ? "decodeJSON" : "decodeRequiredJSON"
        return "try \(function)(\(value), at: \(index))"
    }

    private func relationshipContext(_ resolved: ResolvedEntity.ResolvedRelationship, index: Int, in entity: Entity) -> RelationshipContext {
        let relationship = resolved.relationship
        let identifier = resolved.name.identifier
        let parameter = SwiftSource.lowercasingFirst(resolved.destinationClassName.filter { $0 != "`" })
        return RelationshipContext(
            name: relationship.name,
            swiftName: resolved.name.escaped,
            capitalizedName: IdentifierWords.capitalizingFirst(identifier),
            parameterName: ReservedNames.keywords.contains(parameter) ? "`\(parameter)`" : parameter,
            index: index,
            destination: relationship.destinationEntityName,
            destinationClassName: resolved.destinationClassName,
            inverseName: resolved.inverseName,
            isToMany: relationship.isToMany,
            isOrdered: relationship.isToMany && relationship.isOrdered,
            isOptional: relationship.isOptional,
            isTransient: relationship.isTransient,
            deleteRule: relationship.deleteRule.rawValue,
            schemaLiteral: RelationshipLiteral.schema(relationship, inverse: resolved.inverseName),
            summary: RelationshipLiteral.summary(relationship, inverse: resolved.inverseName),
            inheritedFrom: resolved.declaringEntity == entity.name ? nil : resolved.declaringEntity,
            jsonKey: relationship.userInfo["rest.key"] ?? jsonKeys.jsonKey(forProperty: relationship.name)
        )
    }

    private func fields(attributes: [AttributeContext], relationships: [RelationshipContext]) -> [FieldContext] {
        let attributeFields = attributes.filter { !$0.isJSON && $0.schemaType != "transformable" && $0.schemaType != "composite" }.map {
            field(name: $0.name, swiftName: $0.swiftName, fieldType: "AttributeField<\($0.swiftType)>",
                         accessor: "attribute(\(SwiftSource.string($0.name)))",
                         summary: "Attribute `\($0.name)`\($0.inheritedFrom.map { " (from `\($0)`)" } ?? "").")
        }
        let relationshipFields = relationships.map {
            field(name: $0.name, swiftName: $0.swiftName,
                         fieldType: $0.isToMany ? "ToManyField<\($0.destinationClassName).Fields>" : "\($0.destinationClassName).Fields",
                         accessor: "\($0.isToMany ? "toMany" : "toOne")(\(SwiftSource.string($0.name)))",
                         summary: "Relationship `\($0.name)`\($0.inheritedFrom.map { " (from `\($0)`)" } ?? "").")
        }
        return attributeFields + relationshipFields
    }

    private func field(name: String, swiftName: String, fieldType: String, accessor: String, summary: String) -> FieldContext {
        FieldContext(name: name, swiftName: swiftName, fieldType: fieldType, accessor: accessor,
                     declaration: "\(options.access)var \(swiftName): \(fieldType) { \(accessor) }", summary: summary)
    }
}
