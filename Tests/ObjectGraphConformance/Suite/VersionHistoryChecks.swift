import Foundation
import ObjectGraph
import Testing

/// The Music model as its current version of a two-version history: "Music 1" had no `Band.website`.
enum MusicHistory {
    /// Music 1: the current entities, `Band` without `website`.
    static let firstVersion: ModelDescription = {
        let band = Band.entity
        let older = EntityDescription(
            name: band.name, className: band.className, attributes: band.attributes.filter { $0.name != "website" },
            relationships: band.relationships, uniquenessConstraints: band.uniquenessConstraints, indexes: band.indexes)
        return ModelDescription(name: "Music", entities: MusicModel.model.schema.entities.map { $0.name == "Band" ? older : $0 })
    }()

    /// The current Music model, carrying the history Music 1 → Music 2.
    static let model = ModelDescription(
        name: "Music", entities: MusicModel.model.schema.entities,
        history: ModelVersionHistory(
            versions: [ModelVersion(name: "Music 1", schema: firstVersion), .current("Music 2")],
            stages: [MigrationStage(from: "Music 1", to: "Music 2",
                                    steps: [.addAttribute(entity: "Band", attribute: "website", defaultValue: nil)])]))
}

extension Checks {
    /// A model that carries a version history opens new data at its current version: a new store (and
    /// ``InMemoryStore`` always: its data never outlives the process) has nothing to migrate.
    static func versionHistory(makeStore: @Sendable (ModelDescription) async throws -> any PersistentStore) async throws {
        let plan = try MigrationPlan(model: MusicHistory.model)
        #expect(plan.history.versions.map(\.name) == ["Music 1", "Music 2"])
        #expect(plan.history.versions.last?.versionHash == MusicModel.model.schema.versionHash)
        let checks = Checks(store: try await makeStore(MusicHistory.model))
        let context = try checks.context()
        try MusicSeed.insert(into: context)
        try await context.save()
        let reader = try checks.context()
        #expect(try await Band.count(in: reader) == 4)
        #expect(try await Band.first(in: reader, where: \.name == "Low")?.rating == 4.5)
    }
}
