import ObjectGraph
import ObjectGraphConformance
import Testing

/// `InMemoryStore` answers random queries exactly like the evaluator over the data set's own rows, which
/// checks its resolver, its subentity filtering and its paging.
@Suite struct InMemoryDifferentialQueryTests {
    @Test func randomQueriesMatchTheEvaluator() async throws {
        let report = try await DifferentialQueries { model in InMemoryStore(model: model) }.run(seed: 1, cases: 500)
        #expect(report.differences == 0, "\(report)")
        // Ordering unordered types (Booleans, UUIDs, data) is never native; everything else is.
        #expect(report.nativePredicates > report.cases * 8 / 10, "\(report)")
    }
}
