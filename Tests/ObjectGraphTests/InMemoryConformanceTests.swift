import ObjectGraph
import ObjectGraphConformance
import Testing

/// The store conformance suite against ``InMemoryStore``.
@Test(arguments: StoreConformance.Check.allCases)
func inMemoryStoreConformance(_ check: StoreConformance.Check) async throws {
    try await StoreConformance { InMemoryStore(model: $0) }.run(check)
}

/// The suite against stores that evaluate little or nothing natively: the context's in-memory
/// evaluation must give the same answers.
@Test(arguments: CapabilityProfile.allCases, StoreConformance.Check.allCases)
func limitedStoreConformance(_ profile: CapabilityProfile, _ check: StoreConformance.Check) async throws {
    try await StoreConformance { LimitedStore(model: $0, capabilities: profile.capabilities) }.run(check)
}
