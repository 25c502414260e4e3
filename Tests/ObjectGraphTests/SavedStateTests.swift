import ObjectGraph
import ObjectGraphConformance
import Testing

/// A store that, like a server, changes what it stores: every saved band gets rating 5.
private final class RatingStore: ForwardingStore {
    let base: InMemoryStore
    init(model: ModelDescription) { base = InMemoryStore(model: model) }

    func saveReturningState(_ changes: ChangeSet) async throws -> SaveResult {
        var result = SaveResult(permanentIDs: try await base.save(changes))
        let written = result.permanentIDs + changes.updated.map(\.id)
        let ratingIndex = try #require(Band.entity.attributeIndex(named: "rating"))
        result.savedSnapshots = await base.snapshots(for: written).map { snapshot in
            var rated = snapshot
            if rated.entityName == "Band" { rated.values[ratingIndex] = .double(5) }
            return rated
        }
        return result
    }
}

@Suite struct SavedStateTests {
    @Test func valuesTheStoreChangedBecomeCommittedValues() async throws {
        let store = RatingStore(model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        band.addToAlbums(Album(context: context, title: "Songs for a Dead Pilot"))
        try await context.save()
        #expect(band.rating == 5)
        #expect(!band.objectID.isTemporary)
        #expect(!context.hasChanges)
        #expect(try await band.albums.map(\.title) == ["Songs for a Dead Pilot"])

        band.name = "Low (US)"
        try await context.save()
        #expect(band.rating == 5)
        band.rating = 1
        #expect(context.hasChanges)
    }

    @Test func storesWithoutChangedValuesUseTheDefault() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let band = Snapshot(id: .temporary(entityName: "Band"), entityName: "Band",
                            values: [.string("Low"), .null, .double(0), .bool(true), .null], toOneIDs: [nil, nil])
        let result = try await store.saveReturningState(ChangeSet(inserted: [band]))
        #expect(result.permanentIDs.count == 1)
        #expect(result.savedSnapshots.isEmpty)
    }
}
