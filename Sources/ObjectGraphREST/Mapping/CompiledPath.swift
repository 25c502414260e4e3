import ObjectGraph

/// A URL template whose placeholders are resolved (``ResolvedKeyPath``) against the entity whose
/// objects fill it.
struct CompiledPath: Sendable {
    let template: RESTPath
    /// One per placeholder of `template`, in order.
    let placeholders: [ResolvedKeyPath]

    /// Resolves `template`'s placeholders from `entity`.
    init(_ template: RESTPath, from entity: EntityDescription, in model: ModelDescription, mapping: (String) -> RESTEntityMapping?) {
        self.template = template
        placeholders = template.keyPaths.map { ResolvedKeyPath($0, from: entity, in: model, mapping: mapping) }
    }
}
