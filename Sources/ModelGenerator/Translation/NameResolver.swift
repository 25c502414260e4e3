import DataModel

/// Resolves the Swift names of entities and properties: escaped, renamed away from reserved names, and
/// made unique, with a warning for every change. Deterministic: entities are named in sorted order and
/// properties in schema order.
struct NameResolver {
    /// The Swift class name of every entity, by entity name.
    private(set) var classNames: [String: String] = [:]
    /// The name of the model's enum.
    private(set) var modelTypeName = ""
    /// Every type name the generated code declares (classes, composite structs, the model enum).
    private(set) var declaredTypes: Set<String> = []

    /// Names the classes of `entities` and the model's own types.
    mutating func nameTypes(of model: Model, modelName: String, log: inout IssueLog) -> [String: String] {
        let reserved = ReservedNames.typeNames
        var composites: [String: String] = [:]
        for composite in model.composites.sorted(by: { $0.name < $1.name }) {
            let name = SwiftNaming.typeName(forEntity: composite.name, reserved: reserved)
            log.note(renaming: name, at: composite.location)
            composites[composite.name] = unique(name.escaped, location: composite.location, what: "composite '\(composite.name)'", log: &log)
        }
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            let base = Self.classNameBase(of: entity)
            var name = SwiftNaming.typeName(forEntity: base, override: entity.userInfo["swift.name"], reserved: reserved)
            if declaredTypes.contains(name.identifier), base != entity.name {
                name = SwiftNaming.typeName(forEntity: entity.name, reserved: reserved)
            }
            log.note(renaming: name, at: entity.location)
            classNames[entity.name] = unique(name.escaped, location: entity.location, what: "entity '\(entity.name)'", log: &log)
        }
        var typeName = SwiftIdentifier.upperCamelCase(modelName) + "Model"
        while declaredTypes.contains(typeName) || ReservedNames.typeNames.contains(typeName) { typeName += "Schema" }
        modelTypeName = typeName
        declaredTypes.insert(typeName)
        reservedPropertyNames = ReservedNames.runtimeMembers.union(ReservedNames.typeNames).union(declaredTypes)
        return composites
    }

    private mutating func unique(_ name: String, location: SourceLocation, what: String, log: inout IssueLog) -> String {
        var candidate = name
        var number = 2
        while declaredTypes.contains(candidate) {
            candidate = "\(name)\(number)"
            number += 1
        }
        if candidate != name {
            log.warning("\(what) is named '\(candidate)' in Swift: another type of the model is already named '\(name)'", at: location)
        }
        declaredTypes.insert(candidate)
        return candidate
    }

    /// The class name the model asks for: `representedClassName` without module prefix, else the entity name.
    static func classNameBase(of entity: Entity) -> String {
        guard let represented = entity.representedClassName else { return entity.name }
        let last = represented.split(separator: ".").last.map(String.init) ?? ""
        return last.isEmpty || last == "NSManagedObject" ? entity.name : last
    }

    /// Property names that would clash with a member or a type a generated class uses (set once types are named).
    private(set) var reservedPropertyNames: Set<String> = []
}

/// The Swift names already used by one class (its own and inherited members), for unique property names.
struct MemberNames {
    /// Every member identifier in use.
    private(set) var used: Set<String>
    /// Names no property may take.
    let reserved: Set<String>

    /// A unique Swift name for the property `name`, with a warning when it was changed.
    mutating func property(
        _ name: String, userInfo: UserInfo, location: SourceLocation, mutators: (String) -> [String] = { _ in [] },
        log: inout IssueLog
    ) -> SwiftName {
        let resolved = SwiftNaming.propertyName(forProperty: name, override: userInfo["swift.name"], reserved: reserved)
        log.note(renaming: resolved, at: location)
        var identifier = resolved.identifier
        var identifierMutators = mutators(identifier)
        var number = 2
        while used.contains(identifier) || identifierMutators.contains(where: used.contains) {
            identifier = "\(resolved.identifier)\(number)"
            identifierMutators = mutators(identifier)
            number += 1
        }
        if identifier != resolved.identifier {
            log.warning("property '\(name)' is named '\(identifier)' in Swift: '\(resolved.identifier)' is already a member of the class", at: location)
        }
        used.insert(identifier)
        used.formUnion(identifierMutators)
        let escaped = ReservedNames.keywords.contains(identifier) ? "`\(identifier)`" : identifier
        return SwiftName(identifier: identifier, escaped: escaped, warning: nil)
    }

    /// The mutator names of a relationship called `identifier`.
    static func relationshipMutators(_ identifier: String) -> [String] {
        let capitalized = IdentifierWords.capitalizingFirst(identifier)
        return ["set" + capitalized, "addTo" + capitalized, "removeFrom" + capitalized, "insertInto" + capitalized]
    }
}
