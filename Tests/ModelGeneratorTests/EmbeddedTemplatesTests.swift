import Foundation
import ModelGenerator
import Testing

@Suite("Embedded templates")
struct EmbeddedTemplatesTests {
    @Test("The checked-in EmbeddedTemplates.swift holds exactly the Templates folder")
    func current() throws {
        let onDisk = try TemplateSources.texts(in: TestModels.packageRoot.appendingPathComponent("Templates"))
        #expect(TemplateSources.embedded.texts == onDisk,
                "run: swift run modelgen-embed-templates Templates Sources/ModelGenerator/Templates/EmbeddedTemplates.swift")
    }

    @Test("--templates overrides one template by name; the others stay")
    func override() throws {
        let directory = try TestModels.temporaryDirectory()
        try Data("{{>header}}\n// {{modelName}} has{{#entities}} {{name}}{{/entities}}\n".utf8)
            .write(to: directory.appendingPathComponent("single-file.mustache"))
        let sources = try TemplateSources.embedded.overridden(by: directory)
        let result = try ModelGeneration(options: GenerationOptions(fileLayout: .model), templates: sources)
            .generate(modelPaths: [TestModels.example("GitHub")])
        #expect(result.files.map(\.name) == ["GitHub.swift"])
        #expect(result.files.first?.contents.hasSuffix("// GitHub has Issue Label Repository User\n") == true)
        #expect(result.files.first?.contents.hasPrefix(GeneratedFile.ownershipMarker) == true)
    }
}
