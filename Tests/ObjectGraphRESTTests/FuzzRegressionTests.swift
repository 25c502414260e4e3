import Foundation
import ObjectGraph
import ObjectGraphREST
import Testing

/// Every response body the REST decoder fuzz target (`Scripts/fuzz.sh rest-decoder`) found a problem with,
/// kept in `Tests/Fuzz/Regressions/rest-decoder/`: fetching artists of ``FuzzRESTModel`` from it succeeds or
/// throws a ``RESTError``.
@Suite struct RESTDecoderFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/rest-decoder")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: inputs)
    func decodesOrThrowsARESTError(_ name: String) async throws {
        let store = try FuzzRESTModel.store(answering: try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        do {
            let artists = try await store.fetch(StoreFetchRequest(entityName: "Artist"))
            if let first = artists.first {
                _ = try await store.relatedIDs(for: "albums", of: "Artist", ids: [first.id])
            }
        } catch {
            #expect(error is RESTError, "\(error)")
        }
    }
}
