import Foundation
import ModelGenerator
import Testing

/// The generated code of the example models, compared with the code checked in for them: GitHub and Bandcamp
/// with `Examples/ExampleModels/Generated` (the classes the examples and REST tests use), Events, which is
/// checked in nowhere else, with `Golden/Events`.
/// After an intended change, rewrite them with `MODELGEN_UPDATE_GOLDENS=1 swift test --filter GoldenCodeTests`
/// and review the diff.
@Suite("Generated code: goldens of the example models")
struct GoldenCodeTests {
    static let updating = ProcessInfo.processInfo.environment["MODELGEN_UPDATE_GOLDENS"] != nil

    /// A folder of checked-in generated code and the models generated into it.
    struct Golden: Sendable, CustomTestStringConvertible {
        let folder: String
        let models: [String]
        var testDescription: String { folder }
    }

    static let goldens = [
        Golden(folder: "Examples/ExampleModels/Generated", models: ["GitHub", "Bandcamp"]),
        Golden(folder: "Tests/ModelGeneratorTests/Golden/Events", models: ["Events"]),
    ]

    @Test("Generated files equal the checked-in code, file for file", arguments: goldens)
    func golden(_ golden: Golden) throws {
        let result = try ModelGeneration(options: GenerationOptions()).generate(modelPaths: golden.models.map(TestModels.example))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let directory = OutputDirectory(url: TestModels.packageRoot.appendingPathComponent(golden.folder))
        if Self.updating { try directory.write(result.files) }
        #expect(directory.differences(from: result.files) == [],
                "generated code differs from \(golden.folder); if intended, run MODELGEN_UPDATE_GOLDENS=1 swift test --filter GoldenCodeTests")
    }

    @Test("Generating twice gives byte-identical files")
    func deterministic() throws {
        let generation = try ModelGeneration(options: GenerationOptions(fileLayout: .model))
        let paths = ["Bandcamp", "GitHub", "Events"].map(TestModels.example)
        #expect(generation.generate(modelPaths: paths).files == generation.generate(modelPaths: paths).files)
    }
}
