import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

@Suite struct ContextTests {
    private func makeContext(_ profile: StoreCapabilities = .all) throws -> (ObjectContext, LimitedStore) {
        let store = LimitedStore(model: MusicModel.model.schema, capabilities: profile)
        return (try ObjectContext(store: store, model: MusicModel.model), store)
    }

    /// Saves `bands` bands of 3 albums each, every album with `tracksPerAlbum` tracks, each track with a
    /// tag of its own when `tagged`.
    private static func saveDiscography(bands: Int, tracksPerAlbum: Int, tagged: Bool, in context: ObjectContext) async throws {
        for bandIndex in 0..<bands {
            let band = Band(context: context, name: "Band \(bandIndex)")
            for albumIndex in 0..<3 {
                let album = Album(context: context, title: "Album \(bandIndex)-\(albumIndex)")
                album.setBand(band)
                for trackIndex in 0..<tracksPerAlbum {
                    let track = Track(context: context, title: "Track \(bandIndex)-\(albumIndex)-\(trackIndex)")
                    album.addToTracks(track)
                    if tagged { track.addToTags(Tag(context: context, name: "t\(bandIndex)-\(albumIndex)-\(trackIndex)")) }
                }
            }
        }
        try await context.save()
    }

    @Test func prefetchingLoadsEachRelationshipInOneCall() async throws {
        let (context, store) = try makeContext()
        try await Self.saveDiscography(bands: 5, tracksPerAlbum: 1, tagged: false, in: context)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let before = (store.callCount("relatedIDs"), store.callCount("snapshots"))
        let albums = try await Album.fetch(in: reader, prefetching: [\.tracks, \.band])
        #expect(albums.count == 15)
        #expect(store.callCount("relatedIDs") - before.0 == 1)
        #expect(store.callCount("snapshots") - before.1 == 2)
        let calls = (store.callCount("fetch"), store.callCount("relatedIDs"), store.callCount("snapshots"))
        for album in albums {
            #expect(try await album.tracks.count == 1)
            #expect(try await album.band?.name.hasPrefix("Band") == true)
        }
        #expect((store.callCount("fetch"), store.callCount("relatedIDs"), store.callCount("snapshots")) == calls)
    }

    /// A save's delete rules load the relationships they act on in one store call per entity and
    /// relationship, not one per deleted object: deleting 30 albums (their tracks cascaded, the tracks'
    /// tags nullified) asks the store as often as deleting 6. The bands the albums nullify are not loaded:
    /// a band the context holds loses the album from its loaded albums, the others have nothing to lose.
    @Test(arguments: [2, 10]) func deleteRulesLoadTheirRelationshipsInOneCallPerRelationship(bands: Int) async throws {
        let (context, store) = try makeContext()
        try await Self.saveDiscography(bands: bands, tracksPerAlbum: 2, tagged: true, in: context)
        let deleter = try ObjectContext(store: store, model: MusicModel.model)
        let held = try #require(try await Band.first(in: deleter, where: \.name == "Band 0"))
        #expect(try await held.albums.count == 3)
        for album in try await Album.fetch(in: deleter) { deleter.delete(album) }
        let before = store.callCount("relatedIDs") + store.callCount("snapshots")
        try await deleter.save()
        #expect(store.callCount("relatedIDs") + store.callCount("snapshots") - before == 4)
        #expect(try await held.albums.isEmpty)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await Track.count(in: reader) == 0)
        #expect(try await Album.count(in: reader) == 0)
        for band in try await Band.fetch(in: reader) { #expect(try await band.albums.isEmpty) }
        for tag in try await Tag.fetch(in: reader) { #expect(try await tag.tracks.isEmpty) }
    }

    /// Validation loads the to-manys whose member counts it checks (`Album.tracks`, at most 30) of every
    /// changed object in one store call per entity and relationship, not one per object.
    @Test(arguments: [2, 10]) func countedToManysLoadInOneCallPerRelationship(albums: Int) async throws {
        let (context, store) = try makeContext()
        for albumIndex in 0..<albums {
            Album(context: context, title: "Album \(albumIndex)").addToTracks(Track(context: context, title: "Track \(albumIndex)"))
        }
        try await context.save()
        let editor = try ObjectContext(store: store, model: MusicModel.model)
        for album in try await Album.fetch(in: editor) { album.title += ", remastered" }
        let before = store.callCount("relatedIDs") + store.callCount("snapshots")
        try await editor.save()
        #expect(store.callCount("relatedIDs") + store.callCount("snapshots") - before == 2)
    }

    @Test func nativeCapabilitiesAvoidInMemoryWork() async throws {
        let (context, store) = try makeContext()
        for index in 0..<10 { _ = Tag(context: context, name: "t\(index)") }
        try await context.save()
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await Tag.count(in: reader, where: \.name != "t0") == 9)
        #expect(store.callCount("count") == 1)
        let page = try await Tag.fetch(in: reader, sortedBy: [.descending(\.name)], limit: 2)
        #expect(page.map(\.name) == ["t9", "t8"])
    }

    @Test func detachedObjectsJoinTheContextOfWhatTheyAreLinkedTo() async throws {
        let (context, _) = try makeContext()
        let band = Band(context: context, name: "Low")
        let album = Album(entity: Album.entity)
        album.title = "Loose"
        band.addToAlbums(album)
        #expect(album.context === context && album.isInserted)
        try await context.save()
        #expect(!album.objectID.isTemporary)
    }

    @Test func objectsOfAnotherContextAreRefusedAtSave() async throws {
        let (first, store) = try makeContext()
        let second = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: first, name: "Low")
        let album = Album(context: second, title: "C'mon")
        band.addToAlbums(album)
        await #expect(throws: ObjectGraphError.objectNotInContext(album.objectID)) { try await first.save() }
        first.rollback()
        #expect(!first.hasChanges)
    }

    /// No Action leaves the inverse alone in the context until the save; the store drops the deleted
    /// object's links, and the context forgets the deleted object after saving.
    @Test func noActionLeavesInversesUntilSaved() async throws {
        let (context, store) = try makeContext()
        let low = Band(context: context, name: "Low")
        let nirvana = Band(context: context, name: "Nirvana")
        low.addToInfluences(nirvana)
        try await context.save()
        context.delete(nirvana)
        #expect(try await low.influences.map(\.name) == ["Nirvana"])
        try await context.save()
        #expect(try await low.influences.isEmpty && !low.isUpdated)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await Band.first(in: reader)?.influences.isEmpty == true)
    }

    @Test func abstractEntitiesCannotBeSaved() async throws {
        let (context, _) = try makeContext()
        context.insert(Media(entity: Media.entity))
        await #expect(throws: ObjectGraphError.self) { try await context.save() }
        context.rollback()
        _ = Podcast(context: context, title: "Fine", identifier: UUID())
        try await context.save()
    }

    @Test func faultsOfAReleasedContextThrow() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        Band(context: writer, name: "Low").addToAlbums(Album(context: writer, title: "C'mon"))
        try await writer.save()
        let band = try await Self.bandFromTemporaryContext(store)
        await #expect(throws: ObjectGraphError.objectNotInContext(band.objectID)) { _ = try await band.albums }
    }

    private static func bandFromTemporaryContext(_ store: InMemoryStore) async throws -> Band {
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        return try #require(try await Band.first(in: reader))
    }

    @Test func modelMismatchIsRefused() throws {
        let other = ModelDescription(name: "Other", entities: [EntityDescription(name: "Thing")])
        #expect(throws: ObjectGraphError.modelMismatch(expected: "Music", actual: "Other")) {
            _ = try ObjectContext(store: InMemoryStore(model: other), model: MusicModel.model)
        }
    }

    @Test func typeMismatchFromStoreDataNamesTheAttribute() throws {
        let band = Band(entity: Band.entity)
        #expect(throws: ObjectGraphError.typeMismatch(entity: "Band", attribute: "formed", expected: .integer16, value: .integer(70_000))) {
            try band.setAttributeValue(.integer(70_000), at: 1)
        }
        #expect(throws: ObjectGraphError.self) { try band.setAttributeValue(.string("x"), at: 99) }
    }

    @Test func unchangedValuesDoNotProduceUpdates() async throws {
        let (context, store) = try makeContext()
        let band = Band(context: context, name: "Low")
        try await context.save()
        let saves = store.callCount("save")
        band.name = "Low"
        #expect(context.hasChanges)
        try await context.save()
        #expect(store.callCount("save") == saves && !context.hasChanges)
        band.rating = 3
        band.rating = 0
        try await context.save()
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await Band.first(in: reader)?.rating == 0)
    }
}
