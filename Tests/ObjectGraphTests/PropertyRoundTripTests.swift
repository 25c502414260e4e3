import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

/// Random valid models and random object graphs through `InMemoryStore` and back, value for value and
/// link for link (`PropertyRoundTrip`; a failure names the seed, the phase and the first difference).
@Suite struct InMemoryPropertyRoundTripTests {
    static let roundTrip = PropertyRoundTrip { schema in InMemoryStore(model: schema) }

    @Test func fixedSeedsRoundTrip() async {
        let report = await Self.roundTrip.check(seeds: 1...60)
        // The seeds must keep producing real graphs.
        #expect(report.objects > 600 && report.links > 500, "\(report)")
    }

    /// A longer run on demand: `MODELGEN_PROPERTY_SEEDS=61-2000 swift test --filter PropertyRoundTripTests`.
    @Test(.enabled(if: PropertySeeds.fromEnvironment("MODELGEN_PROPERTY_SEEDS") != nil))
    func seedsFromTheEnvironment() async {
        _ = await Self.roundTrip.check(seeds: PropertySeeds.fromEnvironment("MODELGEN_PROPERTY_SEEDS") ?? 0...0)
    }

    @Test func insertingByEntityNameMakesTheModelsClass() async throws {
        let model = RandomModel(seed: 3)
        let schema = model.schema
        let context = try ObjectContext(store: InMemoryStore(model: schema),
                                        model: ManagedObjectModel(schema: schema, objectClass: PropertyObject.self))
        let name = try #require(model.concreteEntities.first?.name)
        let object = try context.insertObject(ofEntity: name)
        #expect(object is PropertyObject && object.entity.name == name && object.isInserted)
        #expect(throws: ObjectGraphError.self) { try context.insertObject(ofEntity: "NoSuchEntity") }
    }
}
