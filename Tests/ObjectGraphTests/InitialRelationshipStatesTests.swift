import ObjectGraph
import ObjectGraphConformance
import Testing

/// New and loaded objects share their entity's relationship states until their first relationship
/// change, which the array's copy on write keeps from the shared states, so other objects of the
/// entity, new or loaded, keep theirs. Inserting a new object looks for destinations to insert with it
/// only once one of its relationships changed.
@Suite struct InitialRelationshipStatesTests {
    private let schema = MusicModel.model.schema

    @Test func aNewObjectsFirstLinkLeavesTheOtherNewObjectsEmpty() async throws {
        let context = try ObjectContext(store: InMemoryStore(model: schema), model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        let linked = Album(context: context, title: "C'mon")
        linked.setBand(band)
        linked.addToTracks(Track(context: context, title: "Try to Sleep"))
        let other = Album(context: context, title: "Hey What")
        #expect(try await other.band == nil)
        #expect(try await other.tracks.isEmpty)
        #expect(try await Band(context: context, name: "High").albums.isEmpty)
        #expect(try await band.albums.map(\.title) == ["C'mon"])
        #expect(try await linked.tracks.map(\.title) == ["Try to Sleep"])
    }

    @Test func aLoadedObjectsFirstChangeLeavesTheOtherLoadedObjectsFaults() async throws {
        let store = InMemoryStore(model: schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let low = Band(context: writer, name: "Low")
        for title in ["C'mon", "Double Negative"] { Album(context: writer, title: title).setBand(low) }
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await reader.fetch(Album.self, sortedBy: [.ascending(\.title)])
        let high = Band(context: reader, name: "High")
        albums[0].setBand(high)
        #expect(try await albums[1].band?.name == "Low")
        #expect(try await albums[0].band === high)
        #expect(try await high.albums.map(\.title) == ["C'mon"])
        #expect(try await albums[1].band?.albums.map(\.title) == ["Double Negative"])

        reader.rollback()
        #expect(try await albums[0].band?.name == "Low")
        albums[0].setBand(nil)
        #expect(try await albums[0].band == nil)
        #expect(try await albums[1].band?.name == "Low")
    }

    @Test func insertingAnObjectInsertsTheDetachedObjectsLinkedToItBefore() throws {
        let context = try ObjectContext(store: InMemoryStore(model: schema), model: MusicModel.model)
        let album = Album(entity: Album.entity)
        let band = Band(entity: Band.entity)
        let track = Track(entity: Track.entity)
        album.setBand(band)
        album.addToTracks(track)
        let alone = Album(entity: Album.entity)
        context.insert(album)
        context.insert(alone)
        #expect(Set(context.insertedObjects.map(\.objectID)) == Set([album, band, track, alone].map(\.objectID)))
        #expect(track.context === context && band.context === context)
    }
}
