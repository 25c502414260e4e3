import ObjectGraph
import ObjectGraphConformance
import Testing

/// Live results and their randomized differential test on ``InMemoryStore``.
@Test(.timeLimit(.minutes(10)), arguments: LiveResultsConformance.Check.allCases)
func inMemoryLiveResults(_ check: LiveResultsConformance.Check) async throws {
    try await LiveResultsConformance { InMemoryStore(model: $0) }.run(check)
}
