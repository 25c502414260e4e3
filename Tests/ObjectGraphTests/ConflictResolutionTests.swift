import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

/// What a merge policy did is undone when the save fails for another reason after resolving.
@Suite struct ConflictResolutionTests {
    @Test func aSaveThatFailsAfterResolvingLeavesTheContextAsBefore() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let setup = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: setup, name: "Low")
        band.rating = 1
        _ = Band(context: setup, name: "Taken")
        try await setup.save()

        let other = try ObjectContext(store: store, model: MusicModel.model)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        other.automaticallyMergesChanges = false
        writer.automaticallyMergesChanges = false
        let inOther = try #require(try await Band.first(in: other, where: \.name == "Low"))
        let inWriter = try #require(try await Band.first(in: writer, where: \.name == "Low"))
        inOther.rating = 2
        try await other.save()

        writer.mergePolicy = .objectTrumps
        inWriter.rating = 3
        let duplicate = Band(context: writer, name: "Taken")
        await #expect(throws: ObjectGraphError.uniquenessViolation(
            entity: "Band", properties: ["name"], values: [.string("Taken")], object: duplicate.objectID)) {
            try await writer.save()
        }
        #expect(inWriter.rating == 3 && inWriter.isUpdated && duplicate.isInserted)

        writer.mergePolicy = .error
        duplicate.name = "Free"
        let error = await #expect(throws: ObjectGraphError.self) { try await writer.save() }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("the resolution was not undone: got \(String(describing: error))")
            return
        }
        #expect(conflicts.map(\.readVersion) == [1] && conflicts.map(\.storeVersion) == [2])
        writer.rollback()
        #expect(inWriter.rating == 1, "the committed values are the ones read, not the store's")
    }
}
