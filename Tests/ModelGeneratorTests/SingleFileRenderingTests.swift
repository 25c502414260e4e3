import Foundation
import Testing
@testable import ModelGenerator

/// `--file-per model` renders each entity's section in parallel and then `single-file` around them; the
/// result must be the file that rendering `single-file` in one go gives.
@Suite("Single-file output rendered in parallel")
struct SingleFileRenderingTests {
    @Test("Equals single-file rendered in one go", arguments: ["Bandcamp", "GitHub", "Events"])
    func equalsSequentialRendering(model: String) throws {
        let (context, _) = try ModelGeneration(options: GenerationOptions()).viewModel(path: TestModels.example(model))
        let model = try #require(context)
        let parallel = try CodeRenderer().render(model, layout: .model)
        let sequential = SourceLayout.tidy(try TemplateRenderer(sources: .embedded).render("single-file", model))
        #expect(parallel.map(\.contents) == [sequential])
    }

    @Test("Tidying keeps single blank lines between blocks only")
    func tidy() {
        #expect(SourceLayout.tidy("a {\n\n  b\n\n\n  c\n\n}\n\n") == "a {\n  b\n\n  c\n}\n")
        #expect(SourceLayout.tidy("x") == "x\n")
        #expect(SourceLayout.tidy("") == "\n")
        #expect(SourceLayout.tidy("\n \n") == "\n")
    }
}
