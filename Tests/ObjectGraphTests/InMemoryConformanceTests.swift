import ObjectGraph
import ObjectGraphConformance
import Testing

/// The store conformance suite against ``InMemoryStore``.
@Test(arguments: StoreConformance.Check.allCases)
func inMemoryStoreConformance(_ check: StoreConformance.Check) async throws {
    try await StoreConformance { InMemoryStore(model: $0) }.run(check)
}
