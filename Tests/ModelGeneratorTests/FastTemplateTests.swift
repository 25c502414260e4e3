import Foundation
import Mustache
import Testing
@testable import ModelGenerator

/// The fast path renders the same bytes as swift-mustache: on every example and corpus model in both file
/// layouts, and on templates chosen for swift-mustache's whitespace rules; and it refuses what it does not
/// support, so swift-mustache renders that.
@Suite("Fast template path")
struct FastTemplateTests {
    /// The example models and, when `MODELGEN_CORPUS` is set, every corpus model.
    static let models: [String] = {
        let examples = ["Bandcamp", "GitHub", "Events"].map(TestModels.example)
        guard let folder = ProcessInfo.processInfo.environment["MODELGEN_CORPUS"], !folder.isEmpty,
              let enumerator = FileManager.default.enumerator(atPath: folder) else { return examples }
        var models: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".xcdatamodeld") || relative.hasSuffix(".xcdatamodel") {
                models.append(folder + "/" + relative)
                enumerator.skipDescendants()
            }
        }
        return examples + models.sorted()
    }()

    @Test("Generated files equal swift-mustache's, in both layouts", arguments: models)
    func equalsMustache(path: String) throws {
        guard let model = try ModelGeneration(options: GenerationOptions()).viewModel(path: path).0 else { return }
        let fast = try CodeRenderer(sources: .embedded, usesFastPath: true)
        let mustache = try CodeRenderer(sources: .embedded, usesFastPath: false)
        for layout in [FileLayout.model, .entity] {
            let fastFiles = try fast.render(model, layout: layout)
            let mustacheFiles = try mustache.render(model, layout: layout)
            #expect(fastFiles.map(\.name) == mustacheFiles.map(\.name))
            #expect(fastFiles.map { Data($0.contents.utf8) } == mustacheFiles.map { Data($0.contents.utf8) }, "\(path) \(layout)")
        }
    }

    @Test("The package's templates all take the fast path")
    func embeddedTemplatesAreFast() throws {
        for (name, text) in EmbeddedTemplates.sources {
            #expect(throws: Never.self, "template \(name)") { try FastTemplate(text: text) }
        }
        var library = FastTemplateLibrary()
        for (name, text) in EmbeddedTemplates.sources { library.register(text, named: name) }
        let model = try #require(try ModelGeneration(options: GenerationOptions()).viewModel(path: TestModels.example("Events")).0)
        #expect(try library.render("single-file", model) != nil)
    }

    @Test("A user's template renders through swift-mustache, and templates that include it too")
    func userTemplatesUseMustache() throws {
        var sources = TemplateSources.embedded
        sources.texts["header"] = "// custom {{modelName}}\n{{#imports}}import {{.}}\n{{/imports}}"
        let model = try #require(try ModelGeneration(options: GenerationOptions()).viewModel(path: TestModels.example("Events")).0)
        let fast = try CodeRenderer(sources: sources, usesFastPath: true).render(model, layout: .model)
        let mustache = try CodeRenderer(sources: sources, usesFastPath: false).render(model, layout: .model)
        #expect(fast.map(\.contents) == mustache.map(\.contents))
        #expect(fast.first?.contents.contains("// custom ") == true)
    }

    static var context: [String: Any] { [
        "name": "Item", "empty": "", "count": 3, "zero": 0, "yes": true, "no": false,
        "lines": "first\nsecond\n", "crlf": "a\r\n", "none": [String](),
        "words": ["alpha", "beta"], "numbers": [1, 2],
        "items": [["name": "a", "flag": true], ["name": "b", "flag": false]] as [[String: Any]],
        "nested": ["inner": ["value": "deep"] as [String: Any]] as [String: Any],
    ] }

    static let partials = [
        "line": "<{{name}}>\n",
        "block": "{{#items}}\n  - {{name}}\n{{/items}}\n",
        "text": "{{lines}}",
        "mixed": "a\n{{#yes}}\nb {{name}}\n{{/yes}}\n  {{lines}}c",
    ]

    /// Templates that exercise standalone lines, indentation, comments, inverted sections and lookups.
    static let templates = [
        "plain text\nno tags", "{{name}} {{{name}}} {{& name}} {{ name }}", "{{count}} {{zero}} {{yes}} {{no}} {{missing}}",
        "{{#yes}}\nshown\n{{/yes}}\n{{^no}}\nshown too\n{{/no}}\n", "  {{#yes}}  \n  indented\n  {{/yes}}  \nend",
        "a {{#yes}}inline{{/yes}} b\n", "{{#items}}{{name}}{{#flag}}!{{/flag}}{{^flag}}?{{/flag}},{{/items}}",
        "{{#items}}\n  {{name}} of {{count}}\n{{/items}}\n", "{{^none}}\nno items: {{name}}\n{{/none}}\n",
        "{{#none}}never{{/none}}{{^words}}never{{/words}}", "{{#words}}{{.}}-{{/words}}", "{{#numbers}}{{.}}{{/numbers}}",
        "{{nested.inner.value}} {{nested.missing.value}} {{name.length}}", "{{#nested}}{{#inner}}{{value}} {{name}}{{/inner}}{{/nested}}",
        "{{#empty}}empty is truthy{{/empty}}{{#zero}}zero is truthy {{.}}{{/zero}}", "{{#name}}{{.}} {{name}}{{/name}}",
        "  {{! standalone comment }}\nafter\n", "before {{! inline }} after\n", "  {{!x}}  {{name}}\n",
        "{{>line}}", "  {{>line}}\n  {{>block}}\n", "    {{>text}}\nafter\n", "\t{{>mixed}}\n", "x {{>line}} y\n",
        "  {{>missing}}\n", "{{#items}}\n  {{>line}}\n{{/items}}", "  {{#yes}}\n    {{>text}}\n  {{/yes}}\n",
        "{{crlf}}{{crlf}}", "   {{>text}}", "trailing   ", "{{name}}\n   ", "{{#yes}}   \n{{/yes}}   ", "\n\n  \n",
        "{{#yes}}a{{/yes}}\n{{#no}}\nb\n{{/no}}\n", "{{#words}}\n{{.}}\n{{/words}}", "{{^yes}}{{/yes}}{{^missing}}m{{/missing}}",
    ]

    @Test("Renders what swift-mustache renders", arguments: templates)
    func sameAsMustache(template: String) throws {
        var texts = Self.partials
        texts["main"] = template
        var library = FastTemplateLibrary()
        for (name, text) in texts { library.register(text, named: name) }
        var renderer = try TemplateRenderer(sources: TemplateSources(texts))
        renderer.usesFastPath = false
        let fast = try library.render("main", Self.context)
        #expect(fast == (try renderer.render("main", Self.context)))
    }

    @Test("Refuses what it does not support", arguments: [
        "{{=<% %>=}}", "{{%CONTENT_TYPE: TEXT}}", "{{$block}}x{{/block}}", "{{<parent}}{{/parent}}", "{{>*dynamic}}",
        "{{uppercased(name)}}", "{{.name}}", "{{name.}}", "{{}}", "café", "a\r\nb", "{{#open}}", "{{/close}}", "{{name",
    ])
    func refuses(template: String) {
        #expect(throws: FastTemplate.Unsupported.self) { try FastTemplate(text: template) }
    }

    @Test("Values it does not support fall back, and partials it did not compile too")
    func unsupportedValues() throws {
        var library = FastTemplateLibrary()
        library.register("{{value}}", named: "main")
        #expect(throws: FastTemplate.Unsupported.self) { try library.render("main", ["value": 1.5]) }
        #expect(throws: FastTemplate.Unsupported.self) { try library.render("main", ["value": ["a"]]) }
        library.register("{{>user}}", named: "outer")
        library.register(nil, named: "user")
        #expect(throws: FastTemplate.Unsupported.self) { try library.render("outer", ["value": "x"]) }
        #expect(try library.render("unknown", ["value": "x"]) == nil)
    }

    @Test("String, Bool and Int adopt none of swift-mustache's protocols and have no labelled children")
    func scalarsArePlain() {
        for value in ["text", true, 7] as [Any] {
            #expect(!(value is any MustacheCustomRenderable) && !(value is any MustacheCustomRepresentation))
            #expect(!(value is any MustacheParent) && !(value is any MustacheSequence) && !(value is MustacheLambda))
            #expect(!Mirror(reflecting: value).children.contains { $0.label != nil })
        }
    }
}
