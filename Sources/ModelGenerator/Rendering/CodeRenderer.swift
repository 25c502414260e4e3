/// Renders a view model into source files with the templates.
///
/// Templates used: `entity-file` (one entity, `--file-per entity`), `model-file` (the model enum and
/// composite structs, `--file-per entity`), `single-file` (everything, `--file-per model`). Entities are
/// rendered in parallel in both layouts: for `single-file`, each entity's `entity` section is rendered first,
/// then `single-file` with an `entity` partial that inserts it, so the output is the same as rendering
/// `single-file` in one go.
public struct CodeRenderer: Sendable {
    private let renderer: TemplateRenderer
    /// `renderer` with `entity` replaced by the section in a ``PrerenderedModelContext``.
    private let singleFileRenderer: TemplateRenderer

    /// A renderer over `sources` (the embedded templates, possibly overridden by a directory).
    public init(sources: TemplateSources = .embedded) throws(TemplateError) {
        try self.init(sources: sources, usesFastPath: true)
    }

    /// A renderer that renders the package's own templates through ``FastTemplateLibrary`` or, with
    /// `usesFastPath` false, everything through swift-mustache (to compare the two).
    init(sources: TemplateSources, usesFastPath: Bool) throws(TemplateError) {
        var renderer = try TemplateRenderer(sources: sources)
        renderer.usesFastPath = usesFastPath
        self.renderer = renderer
        singleFileRenderer = try renderer.replacing("entity", withField: PrerenderedModelContext.Entity.sectionField)
    }

    /// The files for `model`, sorted by name.
    public func render(_ model: ModelContext, layout: FileLayout) throws(TemplateError) -> [GeneratedFile] {
        switch layout {
        case .model:
            let sections = try model.entities.parallelRender { entity throws(TemplateError) in
                try renderer.render("entity", EntityInModelContext(model: model, entity: entity))
            }
            let context = PrerenderedModelContext(
                model: model, entities: zip(model.entities, sections).map(PrerenderedModelContext.Entity.init))
            let contents = SourceLayout.tidy(try singleFileRenderer.render("single-file", context))
            return [GeneratedFile(name: "\(model.modelName).swift", contents: contents)]
        case .entity:
            var files = try model.entities.parallelRender { entity throws(TemplateError) in
                GeneratedFile(name: "\(entity.className.filter { $0 != "`" }).swift",
                              contents: try render("entity-file", EntityFileContext(model: model, entity: entity)))
            }
            files.append(GeneratedFile(name: "\(model.typeName).swift", contents: try render("model-file", model)))
            return files.sorted { $0.name < $1.name }
        }
    }

    private func render(_ template: String, _ context: Any) throws(TemplateError) -> String {
        SourceLayout.tidy(try renderer.render(template, context))
    }
}

extension Array where Element == EntityContext {
    /// `render` applied to every entity on every core, in order; the first error in entity order is thrown.
    fileprivate func parallelRender<T: Sendable>(
        _ render: @Sendable (EntityContext) throws(TemplateError) -> T
    ) throws(TemplateError) -> [T] {
        let results = parallelMap { entity in Result { () throws(TemplateError) -> T in try render(entity) } }
        return try results.map { result throws(TemplateError) in try result.get() }
    }
}
