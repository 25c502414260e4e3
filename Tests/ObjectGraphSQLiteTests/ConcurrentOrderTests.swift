import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Two contexts that loaded one ordered to-many and each append a member: the second save's order lists
/// only the members its context saw, and the member the first save added keeps a position of its own,
/// after them.
@Suite struct ConcurrentOrderTests {
    @Test func aSecondContextsOrderKeepsTheMemberAnotherContextAppended() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema)
        let setup = try ObjectContext(store: store, model: MusicModel.model)
        let album = Album(context: setup, title: "Album")
        for title in ["one", "two"] { album.addToTracks(Track(context: setup, title: title)) }
        try await setup.save()

        let (first, second) = (try context(on: store), try context(on: store))
        let (firstAlbum, secondAlbum) = (try await loadedAlbum(in: first), try await loadedAlbum(in: second))
        firstAlbum.addToTracks(Track(context: first, title: "three"))
        try await first.save()
        secondAlbum.addToTracks(Track(context: second, title: "four"))
        try await second.save()

        let reader = try context(on: store)
        let titles = try await loadedAlbum(in: reader).tracks.map(\.title)
        #expect(titles == ["one", "two", "four", "three"])
    }

    private func context(on store: SQLiteStore) throws -> ObjectContext {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        context.automaticallyMergesChanges = false
        return context
    }

    /// The album, with its tracks loaded.
    private func loadedAlbum(in context: ObjectContext) async throws -> Album {
        let album = try #require(try await context.fetch(Album.self).first)
        _ = try await album.tracks
        return album
    }
}
