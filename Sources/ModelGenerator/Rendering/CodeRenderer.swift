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
            let rendered = model.entities.parallelMap { entity in
                Result { () throws(TemplateError) -> GeneratedFile in
                    GeneratedFile(name: "\(entity.className.filter { $0 != "`" }).swift",
                                  contents: try render("entity-file", EntityFileContext(model: model, entity: entity)))
                }
            }
            for file in rendered { files.append(try file.get()) }
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
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var pendingBlank = false
        var lastByte: UInt8?
        for line in Array(text.utf8).split(separator: newline, omittingEmptySubsequences: false) {
            guard let first = line.first(where: { $0 != space }) else {
                pendingBlank = lastByte != nil
                continue
            }
            if pendingBlank, lastByte != openBrace, first != closeBrace {
                output.append(newline)
            }
            pendingBlank = false
            output.append(contentsOf: line)
            output.append(newline)
            lastByte = line.last
        }
        if output.isEmpty { output.append(newline) }
        return String(decoding: output, as: UTF8.self)
    }
}
