import DataModel
import Foundation
import Testing

/// Every input the model reader fuzz target (`Scripts/fuzz.sh model-reader`) found a problem with, kept in
/// `Tests/Fuzz/Regressions/model-reader/`: it reads (or fails with a located error) and validates.
@Suite struct ModelReaderFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/model-reader")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: inputs)
    func readsWithoutCrashing(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        do {
            let read = try ModelReader().read(xml: bytes, path: name)
            _ = ModelValidator().validate(read.model, path: name)
        } catch {
            #expect(error.diagnostic.description.hasPrefix(name + ":"), "a read error names the input: \(error.diagnostic)")
        }
    }
}
