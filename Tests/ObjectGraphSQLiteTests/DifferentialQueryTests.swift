import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Random predicates and sorts answered by SQL and by the in-memory evaluator must agree
/// (`DifferentialQueries`, fixed seeds; a failure names the seed and case to replay).
@Suite struct SQLiteDifferentialQueryTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomQueriesMatchTheEvaluator(seed: UInt64) async throws {
        try await check(seed: seed, cases: 1_000)
    }

    /// A longer run on demand: `MODELGEN_DIFFERENTIAL_SEEDS=4-40 swift test --filter SQLiteDifferentialQueryTests`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELGEN_DIFFERENTIAL_SEEDS"] != nil))
    func seedsFromTheEnvironment() async throws {
        let bounds = (ProcessInfo.processInfo.environment["MODELGEN_DIFFERENTIAL_SEEDS"] ?? "")
            .split(separator: "-").compactMap { UInt64($0) }
        let seeds = try #require(bounds.first.map { $0...(bounds.last ?? $0) }, "MODELGEN_DIFFERENTIAL_SEEDS is FIRST-LAST")
        for seed in seeds { try await check(seed: seed, cases: 1_000) }
    }

    func check(seed: UInt64, cases: Int) async throws {
        let report = try await DifferentialQueries { model in try await SQLiteStore(at: .inMemory, model: model) }
            .run(seed: seed, cases: cases)
        #expect(report.differences == 0, "seed \(seed): \(report)")
        // The generator must keep exercising SQL: most predicates and many sorts are native.
        #expect(report.nativePredicates > report.cases / 2, "seed \(seed): \(report)")
        #expect(report.nativeSorts > report.cases / 10, "seed \(seed): \(report)")
    }
}
