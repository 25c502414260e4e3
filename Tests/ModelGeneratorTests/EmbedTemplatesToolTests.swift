// The tool is tested through @testable import, which release builds (used by the render benchmark) do not allow.
#if DEBUG
import Testing
@testable import modelgen_embed_templates

@Suite("Template embedding literals")
struct EmbedTemplatesToolTests {
    @Test func plainTextBecomesARawMultiLineLiteral() {
        #expect(stringLiteral("a {{b}}\n") == "#\"\"\"\na {{b}}\n\n\"\"\"#")
    }

    @Test("the raw delimiter outgrows quotes and backslashes followed by hashes", arguments: [
        ("say \"hi\"", 1), ("\"#", 2), ("\\#(x)", 2), ("\"\"\"## and \\###", 4), ("# not after a quote ##", 1),
    ])
    func delimiterLength(text: String, hashes: Int) {
        let literal = stringLiteral(text)
        let delimiter = String(repeating: "#", count: hashes)
        #expect(literal.hasPrefix(delimiter + "\"\"\"\n"))
        #expect(!literal.hasPrefix(delimiter + "#"))
        #expect(literal.hasSuffix("\n\"\"\"" + delimiter))
    }

    @Test("texts a multi-line literal would alter are escaped", arguments: [
        ("a\r\nb", "\"a\\r\\nb\""), ("", "\"\""), ("x\u{1}y", "\"x\\u{1}y\""),
    ])
    func escaped(text: String, literal: String) {
        #expect(stringLiteral(text) == literal)
    }

    @Test func escapedLiteralEscapesQuotesAndBackslashes() {
        #expect(escapedLiteral("q\"\\") == "\"q\\\"\\\\\"")
    }

    @Test func sourceIsSortedAndDeterministic() {
        let source = embeddedTemplatesSource([TemplateFile(name: "a", text: "A"), TemplateFile(name: "b", text: "B")])
        #expect(source.contains("        \"a\": #\"\"\"\nA\n\"\"\"#,\n        \"b\": #\"\"\"\nB\n\"\"\"#,\n"))
        #expect(embeddedTemplatesSource([]).contains("[\n        :\n    ]"))
    }
}
#endif
