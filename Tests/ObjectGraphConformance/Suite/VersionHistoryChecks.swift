import Foundation
import ObjectGraph
import Testing

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
