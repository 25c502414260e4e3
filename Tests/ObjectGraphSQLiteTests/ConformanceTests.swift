import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// The store conformance suite, unchanged, against an in-memory and a file database.
@Suite struct SQLiteConformanceTests {
    @Test(arguments: StoreConformance.Check.allCases)
    func inMemory(_ check: StoreConformance.Check) async throws {
        try await StoreConformance { model in try await SQLiteStore(at: .inMemory, model: model) }.run(check)
    }

    @Test(arguments: StoreConformance.Check.allCases)
    func file(_ check: StoreConformance.Check) async throws {
        let directory = try TemporaryDirectory()
        try await StoreConformance { model in
            try await SQLiteStore(at: .file(directory.path("conformance.sqlite")), model: model)
        }.run(check)
    }
}
