import DataModel
import Foundation
@testable import ModelGenerator
import ObjectGraphConformance
import Testing

/// The random models of the property round trips (`RandomModel`), written as `contents` XML, generate
/// without errors, and the generator reads them as the schema the round trips use: its schema hash of
/// the view model equals the runtime's hash of `RandomModel.schema`. (`Scripts/property-roundtrip.sh`
/// compiles the generated code and compares every attribute and relationship description.)
@Suite struct RandomModelGenerationTests {
    @Test func randomModelsGenerateAsTheirSchema() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-random-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generation = try ModelGeneration(options: GenerationOptions())
        for seed in 1...150 as ClosedRange<UInt64> {
            let model = RandomModel(seed: seed)
            let bundle = try model.writeBundle(in: directory)
            let result = generation.generate(modelPaths: [bundle.path])
            #expect(!result.hasErrors, "seed \(seed): \(result.diagnostics.filter { $0.severity == .error })")
            #expect(!result.files.isEmpty, "seed \(seed)")
            let context = try #require(result.contexts.first, "seed \(seed)")
            #expect(SchemaHash.of(context) == model.schema.versionHash, "seed \(seed)")
        }
    }
}
