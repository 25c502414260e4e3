#if PostgreSQL
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// The to-manys of many owners are read unsorted (the server would sort whole rows) and ordered on the
/// client: members come in relationship order (positions, then the order they were added) whatever order
/// the rows come in, here after updates moved rows to the end of their table.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresRelatedOrderTests {
    @Test func membersOfManyOwnersComeInRelationshipOrderAfterTheirRowsMoved() async throws {
        let store = try await TestDatabase.store()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = ["Low", "Grouper", "Nirvana"].map { Band(context: context, name: $0) }
        let albums = (0..<5).map { Album(context: context, title: "Album \($0)") }
        for (index, album) in albums.enumerated() { album.setBand(index % 2 == 0 ? bands[0] : bands[2]) }
        let tracks = (0..<4).map { Track(context: context, title: "Track \($0)") }
        tracks.forEach(albums[2].addToTracks)
        let tags = (0..<3).map { Tag(context: context, name: "tag-\($0)") }
        for tag in tags.reversed() { tag.addToTracks(tracks[1]) }
        try await context.save()

        albums[0].title = "Album 0, renamed"
        albums[1].title = "Album 1, renamed"
        tracks[0].title = "Track 0, renamed"
        albums[2].insertIntoTracks(tracks[3], at: 0)
        try await context.save()

        let owners = bands.map(\.objectID)
        let expected = [owners[0]: [albums[0], albums[2], albums[4]].map(\.objectID), owners[1]: [],
                        owners[2]: [albums[1], albums[3]].map(\.objectID)]
        #expect(try await store.relatedIDs(for: "albums", of: "Band", ids: owners) == expected)
        let related = try #require(try await store.relatedSnapshots(for: "albums", of: "Band", ids: owners))
        #expect(related.destinationIDs == expected)
        #expect(Set(related.snapshots.map(\.id)) == Set(albums.map(\.objectID)))
        #expect(related.snapshots.count == albums.count)

        let trackOrder = [tracks[3], tracks[0], tracks[1], tracks[2]].map(\.objectID)
        #expect(try await store.relatedIDs(for: "tracks", of: "Album", ids: [albums[2].objectID]) == [albums[2].objectID: trackOrder])
        #expect(try await store.relatedSnapshots(for: "tracks", of: "Album", ids: [albums[2].objectID])?.destinationIDs
            == [albums[2].objectID: trackOrder])
        let tagsOfTrack = try await store.relatedIDs(for: "tags", of: "Track", ids: [tracks[1].objectID])
        #expect(tagsOfTrack == [tracks[1].objectID: tags.reversed().map(\.objectID)])
    }
}
#endif
