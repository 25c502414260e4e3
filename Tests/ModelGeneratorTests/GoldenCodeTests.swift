import Foundation
import ModelGenerator
import Testing

/// The generated code of the example models, compared with golden files in `Golden/<Model>/` (for GitHub:
/// the checked-in code of `Examples/GitHubExample/Generated`, which is the same output).
/// After an intended change, rewrite them with `MODELGEN_UPDATE_GOLDENS=1 swift test --filter GoldenCodeTests`
/// and review the diff.
@Suite("Generated code: goldens of the example models")
struct GoldenCodeTests {
    static let updating = ProcessInfo.processInfo.environment["MODELGEN_UPDATE_GOLDENS"] != nil

    @Test("Generated files equal the goldens, file for file", arguments: ["Bandcamp", "GitHub", "Events"])
    func golden(model: String) throws {
        let result = try ModelGeneration(options: GenerationOptions()).generate(modelPaths: [TestModels.example(model)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let folder = model == "GitHub" ? "Examples/GitHubExample/Generated" : "Tests/ModelGeneratorTests/Golden/\(model)"
        let directory = OutputDirectory(url: TestModels.packageRoot.appendingPathComponent(folder))
        if Self.updating { try directory.write(result.files) }
        #expect(directory.differences(from: result.files) == [],
                "generated code differs from Golden/\(model); if intended, run MODELGEN_UPDATE_GOLDENS=1 swift test --filter GoldenCodeTests")
    }

    @Test("Generating twice gives byte-identical files")
    func deterministic() throws {
        let generation = try ModelGeneration(options: GenerationOptions(fileLayout: .model))
        let paths = ["Bandcamp", "GitHub", "Events"].map(TestModels.example)
        #expect(generation.generate(modelPaths: paths).files == generation.generate(modelPaths: paths).files)
    }
}
