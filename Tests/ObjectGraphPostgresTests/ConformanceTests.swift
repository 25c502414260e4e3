#if PostgreSQL
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// The store conformance suite, unchanged, against PostgreSQL (each check in a schema of its own).
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresConformanceTests {
    @Test(arguments: StoreConformance.Check.allCases)
    func conformance(_ check: StoreConformance.Check) async throws {
        let configuration = try TestDatabase.configuration()
        try await StoreConformance { model in try await PostgresStore(configuration: configuration, model: model) }.run(check)
    }
}
#endif
