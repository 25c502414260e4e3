#if PostgreSQL
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import ObjectGraphSQL
import Testing

/// Saves deleting more rows of a table than one of the store's `DELETE`s holds (5,000, keys and read
/// versions bound as arrays): each deleted row goes with its link rows and the keys naming it, an ordered
/// to-many keeps the order of the members left, and a row another save deleted fails the whole save,
/// naming its object.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresBatchDeleteTests {
    /// 120 bands, each influencing the next, with 3 albums of 20 ordered tracks each, every track tagged
    /// with two of 30 tags.
    private struct Catalog {
        let bands: [Band]
        let tags: [ObjectGraphConformance.Tag]
        /// The albums, in band order.
        let albums: [Album]
        /// The tracks of each album in their order.
        let tracks: [[Track]]

        init(in context: ObjectContext) {
            tags = (0..<30).map { Tag(context: context, name: "tag-\($0)") }
            bands = (0..<120).map { Band(context: context, name: "Band \($0)") }
            var (albums, tracks): ([Album], [[Track]]) = ([], [])
            for (number, band) in bands.enumerated() {
                band.addToInfluences(bands[(number + 1) % bands.count])
                for albumNumber in 0..<3 {
                    let album = Album(context: context, title: "Album \(number)-\(albumNumber)")
                    album.setBand(band)
                    let members = (0..<20).map { Track(context: context, title: "Track \(number)-\(albumNumber)-\($0)") }
                    for (trackNumber, track) in members.enumerated() {
                        album.addToTracks(track)
                        tags[(number + trackNumber) % tags.count].addToTracks(track)
                        tags[(number + trackNumber + 1) % tags.count].addToTracks(track)
                    }
                    albums.append(album)
                    tracks.append(members)
                }
            }
            (self.albums, self.tracks) = (albums, tracks)
        }
    }

    @Test func aSaveDeletingThousandsOfObjectsLeavesExactlyTheRowsNotDeleted() async throws {
        let configuration = try TestDatabase.configuration()
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let catalog = Catalog(in: context)
        try await context.save()
        let survivingAlbums = 300..<360, deletedTrackNumbers: Set = [3, 7]
        let changes = store.changes()

        for band in catalog.bands[..<100] { context.delete(band) }
        for tag in catalog.tags[..<10] { context.delete(tag) }
        for album in survivingAlbums {
            for number in deletedTrackNumbers { context.delete(catalog.tracks[album][number]) }
        }
        try await context.save()

        let schema = "SET search_path TO \(SQL.quote(try #require(configuration.schema))); "
        let counts = try await TestDatabase.psql(schema + #"""
            SELECT concat_ws(' ', (SELECT count(*) FROM "Band"), (SELECT count(*) FROM "Album"), (SELECT count(*) FROM "Track"),
                (SELECT count(*) FROM "Tag"), (SELECT count(*) FROM "_link_Tag_tracks"), (SELECT count(*) FROM "_link_Band_influencedBy"),
                (SELECT count(*) FROM "Album" WHERE "band" IS NULL), (SELECT count(*) FROM "Track" WHERE "album" IS NULL))
            """#)
        var tagLinks = 0
        for band in 100..<120 {
            for trackNumber in 0..<20 where !deletedTrackNumbers.contains(trackNumber) {
                tagLinks += 3 * [(band + trackNumber) % 30, (band + trackNumber + 1) % 30].filter { $0 >= 10 }.count
            }
        }
        #expect(counts == "20 60 \(60 * 18) 20 \(tagLinks) 19 0 0")

        var expectedOrders: [AnyObjectID: [AnyObjectID]] = [:]
        for album in survivingAlbums {
            expectedOrders[catalog.albums[album].objectID] = catalog.tracks[album].enumerated()
                .filter { !deletedTrackNumbers.contains($0.offset) }.map(\.element.objectID)
        }
        let stored = try await store.relatedIDs(for: "tracks", of: "Album", ids: Array(expectedOrders.keys))
        #expect(stored == expectedOrders)

        let published = try #require(await TestDatabase.next(changes))
        #expect(published.ids(.deleted).mapValues(\.count) == ["Band": 100, "Album": 300, "Track": 6_000 + 60 * 2, "Tag": 10])
        #expect(published.ids(.inserted).isEmpty)
    }

    @Test func deletingARowAnotherStoreDeletedFailsNamingItsObjectAndChangesNothing() async throws {
        let store = try await TestDatabase.store()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        context.automaticallyMergesChanges = false
        let bands = (0..<6_000).map { Band(context: context, name: "Band \($0)") }
        try await context.save()
        let other = try ObjectContext(store: try await PostgresStore(configuration: store.configuration, model: MusicModel.model.schema),
                                      model: MusicModel.model)
        let gone = bands[5_500]
        other.delete(try #require(try await Band.first(in: other, where: \.name == gone.name)))
        try await other.save()

        for band in bands { context.delete(band) }
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("expected merge conflicts, got \(String(describing: error))")
            return
        }
        #expect(conflicts.map(\.objectID) == [gone.objectID])
        #expect(conflicts.map(\.isDeletion) == [true] && conflicts.map(\.isDeletedInStore) == [true])
        #expect(context.hasChanges && context.deletedObjects.count == bands.count)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == bands.count - 1)

        let unchecked = ChangeSet(deleted: bands.map { DeletedObject(id: $0.objectID, entityName: "Band") })
        await #expect(throws: ObjectGraphError.objectNotFound(gone.objectID)) { _ = try await store.save(unchecked) }
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == bands.count - 1)
    }
}
#endif
