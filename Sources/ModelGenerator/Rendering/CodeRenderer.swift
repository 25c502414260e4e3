/// Renders a view model into source files with the templates.
///
/// Templates used: `entity-file` (one entity, `--file-per entity`), `model-file` (the model enum and
/// composite structs, `--file-per entity`), `single-file` (everything, `--file-per model`).
public struct CodeRenderer: Sendable {
    private let renderer: TemplateRenderer

    /// A renderer over `sources` (the embedded templates, possibly overridden by a directory).
    public init(sources: TemplateSources = .embedded) throws(TemplateError) {
        renderer = try TemplateRenderer(sources: sources)
    }

    /// The files for `model`, sorted by name.
    public func render(_ model: ModelContext, layout: FileLayout) throws(TemplateError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        switch layout {
        case .model:
            files.append(GeneratedFile(name: "\(model.modelName).swift", contents: try render("single-file", model)))
        case .entity:
            for entity in model.entities {
                let name = entity.className.filter { $0 != "`" }
                files.append(GeneratedFile(name: "\(name).swift", contents: try render("entity-file", EntityFileContext(model: model, entity: entity))))
            }
            files.append(GeneratedFile(name: "\(model.typeName).swift", contents: try render("model-file", model)))
        }
        return files.sorted { $0.name < $1.name }
    }

    private func render(_ template: String, _ context: Any) throws(TemplateError) -> String {
        SourceLayout.tidy(try renderer.render(template, context))
    }
}

/// Blank-line clean-up of rendered source, so templates can separate blocks generously.
enum SourceLayout {
    /// `text` without blank lines after an opening brace or before a closing one, without runs of blank
    /// lines, and with exactly one final newline.
    static func tidy(_ text: String) -> String {
        var output: [Substring] = []
        var pendingBlank = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty {
                pendingBlank = !output.isEmpty
                continue
            }
            if pendingBlank, !(output.last?.hasSuffix("{") ?? true), !trimmed.hasPrefix("}") {
                output.append("")
            }
            pendingBlank = false
            output.append(line)
        }
        return output.joined(separator: "\n") + "\n"
    }
}
