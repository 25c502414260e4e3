import DataModel

/// Builds the template view model of a data model: names resolved, types chosen, fetch templates typed.
public struct ViewModelBuilder: Sendable {
    /// The generation options (access level, imports).
    public let options: GenerationOptions
    /// The JSON key convention for properties without an explicit `rest.key`.
    public let jsonKeys: JSONKeyConvention

    /// Creates a builder.
    public init(options: GenerationOptions = GenerationOptions(), jsonKeys: JSONKeyConvention = JSONKeyConvention()) {
        self.options = options
        self.jsonKeys = jsonKeys
    }

    /// The view model of `model` and the diagnostics found on the way, located in `path`.
    ///
    /// - Parameters:
    ///   - modelName: The model's name (the bundle name without extension).
    ///   - modelFileName: The version file name for headers (`GitHub.xcdatamodel`).
    ///   - path: The path diagnostics name (the `contents` file).
    ///   - contents: The text of the `contents` file, to locate errors inside predicate strings.
    public func build(
        _ model: Model, modelName: String, modelFileName: String, path: String, contents: String? = nil
    ) -> (context: ModelContext, diagnostics: [Diagnostic]) {
        var log = IssueLog(path: path)
        var names = NameResolver()
        let compositeNames = names.nameTypes(of: model, modelName: modelName, log: &log)
        let attributeTranslator = AttributeTranslator(compositeTypeNames: compositeNames)
        let index = ModelIndex(model)
        var resolver = EntityResolver(index: index, names: names, attributeTranslator: attributeTranslator)
        let sorted = model.entities.sorted { $0.name < $1.name }
        var resolved: [String: ResolvedEntity] = [:]
        for entity in sorted where resolved[entity.name] == nil {
            resolved[entity.name] = resolver.resolve(entity, log: &log)
        }
        let templates = FetchTemplateTranslator(entities: resolved, subentities: index.subentities, locator: PredicateLocator(text: contents))
        let builder = EntityContextBuilder(modelName: modelName, options: options,
                                           attributeTranslator: attributeTranslator, jsonKeys: jsonKeys)
        let restBuilder = RESTContextBuilder(entities: resolved, jsonKeys: jsonKeys)
        RESTUserInfoKeys.check(model.userInfo, of: .model, named: modelName, log: &log)
        let resolvedEntities = resolved
        let fetchRequestsByEntity = Dictionary(grouping: model.fetchRequests, by: \.entityName)
        let perEntity = model.entities.parallelMap { entity -> (EntityContext?, [Diagnostic]) in
            guard let entry = resolvedEntities[entity.name] else { return (nil, []) }
            var entityLog = IssueLog(path: path)
            let fetchRequests = templates.fetchRequests(
                on: entry, templates: fetchRequestsByEntity[entity.name] ?? [], log: &entityLog)
            let context = builder.context(
                for: entry, subentities: index.subentities[entity.name] ?? [], fetchRequests: fetchRequests,
                fetchedProperties: templates.fetchedProperties(of: entry, log: &entityLog),
                rest: restBuilder.context(for: entry, log: &entityLog))
            return (context, entityLog.diagnostics)
        }
        let entities = perEntity.compactMap(\.0)
        log.append(perEntity.flatMap(\.1))
        let composites = model.composites.sorted { $0.name < $1.name }.map { composite in
            CompositeBuilder(typeNames: compositeNames).context(for: composite, log: &log)
        }
        let context = ModelContext(
            modelName: modelName,
            modelFileName: modelFileName,
            typeName: names.modelTypeName,
            access: options.access,
            openAccess: options.openAccess,
            imports: Set(["Foundation"] + options.imports).sorted(),
            entities: entities,
            composites: composites,
            classList: entities.map { "\($0.className).self" }.joined(separator: ", "),
            history: nil
        )
        return (context, log.diagnostics.sortedByLocation())
    }
}
