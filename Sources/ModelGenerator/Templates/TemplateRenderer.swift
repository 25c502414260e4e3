import Mustache

/// Renders named Mustache templates, with partials, as plain text.
///
/// swift-mustache HTML-escapes `{{value}}` by default, and every partial starts again in HTML mode. The renderer
/// therefore compiles each template behind a standalone `{{%CONTENT_TYPE: TEXT}}` line, so templates never need
/// the pragma themselves and `<`, `>`, `&` and quotes reach the generated Swift unchanged. Line numbers in
/// errors are those of the template's own text.
///
/// Values are read through `Mirror`, which only sees stored properties: give view-model types precomputed
/// stored properties, never computed ones.
///
/// The package's own templates (texts equal to the embedded ones) are also compiled for
/// ``FastTemplateLibrary``, which renders them with the same bytes about ten times faster; a user's template
/// (and any template that includes one), a template or value the fast path does not support, renders
/// through swift-mustache.
///
/// ```swift
/// let renderer = try TemplateRenderer(sources: .embedded)
/// let header = try renderer.render("header", HeaderContext(modelFileName: "GitHub.xcdatamodel", imports: ["ObjectGraph"]))
/// ```
public struct TemplateRenderer: Sendable {
    private var library: MustacheLibrary
    private var fast = FastTemplateLibrary()

    /// The names of the compiled templates, sorted.
    public let templateNames: [String]

    /// Compiles every template of `sources`.
    /// - Throws: ``TemplateError/syntax(template:line:column:message:)`` for the first malformed template,
    ///   in name order.
    public init(sources: TemplateSources) throws(TemplateError) {
        var library = MustacheLibrary()
        for name in sources.names {
            let text = sources.texts[name] ?? ""
            library.register(try Self.compile(text, named: name), named: name)
            fast.register(text == EmbeddedTemplates.sources[name] ? text : nil, named: name)
        }
        self.library = library
        self.templateNames = sources.names
    }

    /// Renders the template `name` with `context` as its root object.
    /// - Throws: ``TemplateError/unknownTemplate(_:)`` when no template has that name.
    public func render(_ name: String, _ context: Any) throws(TemplateError) -> String {
        if usesFastPath, let text = try? fast.render(name, context) { return text }
        guard let text = library.render(context, withTemplate: name) else { throw .unknownTemplate(name) }
        return text
    }

    /// False to render with swift-mustache alone, for comparing the two.
    var usesFastPath = true

    /// A copy in which the template `name` renders only the context's field `field`, as is, in place of its
    /// own text: for inserting sections rendered beforehand.
    func replacing(_ name: String, withField field: String) throws(TemplateError) -> TemplateRenderer {
        var copy = self
        let text = "{{\(field)}}"
        copy.library.register(try Self.compile(text, named: name), named: name)
        copy.fast.register(text, named: name)
        return copy
    }

    private static let textPragma = "{{%CONTENT_TYPE: TEXT}}\n"

    private static func compile(_ text: String, named name: String) throws(TemplateError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: textPragma + text)
        } catch let error as MustacheTemplate.ParserError {
            throw .syntax(
                template: name,
                line: error.context.lineNumber - 1,
                column: error.context.columnNumber,
                message: message(for: error.error)
            )
        } catch {
            throw .syntax(template: name, line: 1, column: 1, message: "\(error)")
        }
    }

    private static func message(for error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        return switch error {
        case .sectionCloseNameIncorrect: "closing tag does not match the open section"
        case .unfinishedName: "unfinished or malformed tag name"
        case .expectedSectionEnd: "section is never closed"
        case .invalidSetDelimiter: "malformed set-delimiter tag"
        case .transformAppliedToInheritanceSection: "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection: "illegal tag inside an inherited partial section"
        case .textInsideInheritSection: "text inside an inherited partial section"
        case .invalidConfigVariableSyntax: "malformed {{% }} configuration tag"
        case .unrecognisedConfigVariable: "unknown {{% }} configuration variable"
        }
    }
}
