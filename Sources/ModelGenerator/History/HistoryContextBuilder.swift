import DataModel

/// Builds the ``HistoryContext`` of a model from its versions' view models and the inferred plan: each
/// older version lists its entity descriptions, referring to the current class's `entity` where the
/// description is the same and to one shared description per distinct older shape otherwise, so an
/// entity that does not change across versions is written once (or not at all).
struct HistoryContextBuilder {
    /// One version with its view model.
    struct Version {
        let version: ModelVersion
        let context: ModelContext
    }

    let modelName: String
    let typeName: String

    /// The history of `versions` (oldest first, the last is current) with `plans` between them; notes
    /// for versions that share a schema hash.
    func build(_ versions: [Version], plans: [VersionPairPlan]) -> (HistoryContext, [Diagnostic]) {
        guard let current = versions.last else {
            return (HistoryContext(storageTypeName: storageTypeName, versions: [], stages: [], entities: []), [])
        }
        let currentLiterals = Dictionary(current.context.entities.map { (EntitySchemaLiteral.text(of: $0, indent: 4), $0.className) },
                                         uniquingKeysWith: { first, _ in first })
        var shared: [String: String] = [:]
        var entities: [HistoryEntityContext] = []
        var contexts: [VersionContext] = []
        var diagnostics: [Diagnostic] = []
        var versionByHash: [String: String] = [:]
        for (index, entry) in versions.enumerated() {
            let hash = SchemaHash.of(entry.context)
            if let earlier = versionByHash[hash] {
                diagnostics.append(Diagnostic(
                    .note, "versions '\(earlier)' and '\(entry.version.name)' have the same schema hash \(hash.prefix(12))…, so a store cannot tell their data apart; it takes such data for the newest of them",
                    path: entry.version.contentsPath, location: entry.version.model?.location))
            }
            versionByHash[hash] = entry.version.name
            guard index < versions.count - 1 else {
                let literal = ".current(\(SwiftSource.string(entry.version.name)))"
                contexts.append(VersionContext(name: entry.version.name, versionHash: hash, isCurrent: true,
                                               literal: literal, storageName: "", reference: literal))
                continue
            }
            let references = entry.context.entities.map { entity -> String in
                let literal = EntitySchemaLiteral.text(of: entity, indent: 4)
                if let className = currentLiterals[literal] { return "\(className).entity" }
                if let name = shared[literal] { return "\(storageTypeName).\(name)" }
                let name = "\(entity.storageName)V\(index + 1)"
                shared[literal] = name
                entities.append(HistoryEntityContext(name: name, literal: literal))
                return "\(storageTypeName).\(name)"
            }
            let schema = "ModelDescription(name: \(SwiftSource.string(modelName)), entities: [\(references.joined(separator: ", "))])"
            contexts.append(VersionContext(name: entry.version.name, versionHash: hash, isCurrent: false,
                                           literal: "ModelVersion(name: \(SwiftSource.string(entry.version.name)), schema: \(schema))",
                                           storageName: "version\(index + 1)", reference: "\(storageTypeName).version\(index + 1)"))
        }
        let stages = zip(versions, versions.dropFirst()).enumerated().map { index, pair in
            let (older, newer) = pair
            let plan = plans.first { $0.from == older.version.name && $0.to == newer.version.name }
            let steps = (plan?.steps ?? []).compactMap { step in
                RuntimeStepLiteral.literal(of: step.change) { entity, attribute in
                    newer.context.entities.first { $0.name == entity }?.attributes.first { $0.name == attribute }?.isJSON ?? false
                }
            }
            return StageContext(from: older.version.name, to: newer.version.name, steps: steps, hasSteps: !steps.isEmpty,
                                hasCustomStep: plan?.hasCustomStep ?? false,
                                fromLiteral: SwiftSource.string(older.version.name), toLiteral: SwiftSource.string(newer.version.name),
                                storageName: "stage\(index + 1)")
        }
        let history = HistoryContext(storageTypeName: storageTypeName, versions: contexts, stages: stages, entities: entities)
        return (history, diagnostics)
    }

    private var storageTypeName: String { typeName.filter { $0 != "`" } + "History" }
}
