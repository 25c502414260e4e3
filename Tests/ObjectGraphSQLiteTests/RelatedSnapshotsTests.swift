import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// `relatedSnapshots`, the one-query path for loading to-manys, answers exactly what `relatedIDs`
/// followed by `snapshots(for:)` answers.
@Suite struct RelatedSnapshotsTests {
    /// Two bands (one without albums), albums with ordered tracks, and tags shared by tracks (a link table).
    private func populatedStore() async throws -> (SQLiteStore, bands: [AnyObjectID], albums: [AnyObjectID], tracks: [AnyObjectID]) {
        let store = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = [Band(context: context, name: "Low"), Band(context: context, name: "Silent")]
        let albums = [Album(context: context, title: "C'mon"), Album(context: context, title: "Double Negative")]
        let tags = [Tag(context: context, name: "slowcore"), Tag(context: context, name: "drone")]
        var tracks: [Track] = []
        for (number, album) in albums.enumerated() {
            bands[0].addToAlbums(album)
            for position in 0..<3 {
                let track = Track(context: context, title: "\(number).\(position)")
                album.insertIntoTracks(track, at: 0)
                track.addToTags(tags[position % 2])
                if position == 0 { track.addToTags(tags[1 - position % 2]) }
                tracks.append(track)
            }
        }
        try await context.save()
        return (store, bands.map(\.objectID), albums.map(\.objectID), tracks.map(\.objectID))
    }

    private func expectSameAnswer(_ store: SQLiteStore, _ relationship: String, of entity: String, ids: [AnyObjectID]) async throws {
        let related = try #require(try await store.relatedSnapshots(for: relationship, of: entity, ids: ids))
        let expectedIDs = try await store.relatedIDs(for: relationship, of: entity, ids: ids)
        #expect(related.destinationIDs == expectedIDs)
        var seen: Set<AnyObjectID> = []
        let unique = expectedIDs.keys.sorted { "\($0)" < "\($1)" }.flatMap { expectedIDs[$0] ?? [] }.filter { seen.insert($0).inserted }
        let expectedSnapshots = try await store.snapshots(for: unique)
        #expect(Set(related.snapshots) == Set(expectedSnapshots))
        #expect(related.snapshots.count == expectedSnapshots.count)
    }

    @Test func inverseForeignKeysIncludingOwnersWithoutDestinations() async throws {
        let (store, bands, _, _) = try await populatedStore()
        try await expectSameAnswer(store, "albums", of: "Band", ids: bands)
    }

    @Test func orderedToManyInOrder() async throws {
        let (store, _, albums, _) = try await populatedStore()
        try await expectSameAnswer(store, "tracks", of: "Album", ids: albums)
    }

    @Test func linkTablesWithSharedDestinationsReturnedOnce() async throws {
        let (store, _, _, tracks) = try await populatedStore()
        try await expectSameAnswer(store, "tags", of: "Track", ids: tracks)
        try await expectSameAnswer(store, "album", of: "Track", ids: tracks)
    }

    @Test func ownersOutsideTheStoreGiveAnEmptyAnswer() async throws {
        let (store, _, _, _) = try await populatedStore()
        let related = try await store.relatedSnapshots(for: "albums", of: "Band", ids: [.temporary(entityName: "Band")])
        #expect(related == RelatedSnapshots())
    }
}
