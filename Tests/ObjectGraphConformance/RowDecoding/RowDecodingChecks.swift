import Foundation
import ObjectGraph
import Testing

/// Checks of a store that decodes its rows straight into objects (``ObjectGraph/PersistentStore/fetchObjects(_:model:)``,
/// ``ObjectGraph/PersistentStore/relatedObjects(for:of:ids:model:)``), through contexts: subentities,
/// classes without the typed override, uniquing of prefetched members, and refusing another model's
/// classes. The SQLite and PostgreSQL test targets run them on stores `makeStore` opens, each empty.
///
/// ```swift
/// @Test func aClassWithoutTheTypedOverrideLoadsFromRows() async throws {
///     try await RowDecodingChecks { model in try await SQLiteStore(at: .inMemory, model: model) }
///         .aClassWithoutTheTypedOverrideLoadsFromRowsThroughAttributeValues()
/// }
/// ```
package struct RowDecodingChecks: Sendable {
    private let makeStore: @Sendable (ModelDescription) async throws -> any PersistentStore

    /// Checks on stores `makeStore` opens for a model, empty.
    package init(makeStore: @escaping @Sendable (ModelDescription) async throws -> any PersistentStore) {
        self.makeStore = makeStore
    }

    /// A fetch of an entity whose rows are of several subentities makes objects of their classes, unchanged.
    package func rowsOfSubentitiesInOneFetchBecomeObjectsOfTheirClasses() async throws {
        let store = try await makeStore(MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let podcast = Podcast(context: writer, title: "Song Exploder", identifier: UUID())
        podcast.episodeCount = 250
        let audiobook = Audiobook(context: writer, title: "Dune")
        audiobook.narrator = "Scott Brick"
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let media = try await reader.fetch(Media.self, sortedBy: [.ascending(\.title)])
        let book = try #require(media.first as? Audiobook)
        let show = try #require(media.last as? Podcast)
        #expect(media.count == 2 && book.title == "Dune" && book.narrator == "Scott Brick")
        #expect(show.title == "Song Exploder" && show.episodeCount == 250 && show.identifier == podcast.identifier)
        #expect(!reader.hasChanges)
        show.episodeCount += 1
        #expect(show.isUpdated && reader.hasChanges)
    }

    /// A class written without `loadAttributes(from row:)` loads from rows through attribute values.
    package func aClassWithoutTheTypedOverrideLoadsFromRowsThroughAttributeValues() async throws {
        let store = try await makeStore(SampleModel.model.schema)
        let writer = try ObjectContext(store: store, model: SampleModel.model)
        let plain = PlainSample(entity: PlainSample.entity)
        plain.title = "buy strings"
        plain.stars = 3
        plain.draft = "not saved"
        writer.insert(plain)
        try await writer.save()

        let reader = try ObjectContext(store: store, model: SampleModel.model)
        let loaded = try #require(try await reader.fetch(PlainSample.self, where: \.stars == 3).first)
        #expect(loaded.title == "buy strings" && loaded.stars == 3 && loaded.draft == nil)
        #expect(!reader.hasChanges)
        loaded.title = "buy more strings"
        try await reader.save()
        let again = try ObjectContext(store: store, model: SampleModel.model)
        #expect(try await again.fetch(PlainSample.self).map(\.title) == ["buy more strings"])
    }

    /// Prefetching a to-many decodes its members, keeping a registered (changed) member as it is.
    package func prefetchingAToManyDecodesItsMembersAndKeepsRegisteredOnes() async throws {
        let store = try await makeStore(MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "Low")
        for title in ["a", "b", "c"] { band.addToAlbums(Album(context: writer, title: title)) }
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let changed = try #require(try await reader.first(Album.self, where: \.title == "b"))
        changed.title = "b, changed"
        let bands = try await reader.fetch(Band.self, prefetching: [\.albums])
        let albums = try await bands[0].albums
        #expect(albums.count == 3 && albums.contains { $0 === changed })
        #expect(Set(albums.map(\.title)) == ["a", "b, changed", "c"])
        #expect(changed.isUpdated && albums.filter(\.isUpdated).count == 1)
        for album in albums { #expect(try await album.band === bands[0]) }
    }

    /// Lookups by ID decode rows (``ObjectGraph/PersistentStore/objects(for:model:)``): the store skips IDs
    /// of objects it does not hold; a context's `object(with:)`, `existingObject(with:)` and to-one faults
    /// give objects of the right classes with their stored values and to-ones, keep a registered
    /// object (and its unsaved changes) instead of replacing it, and throw `objectNotFound` naming the ID.
    package func lookupsByIDDecodeRowsAndKeepRegisteredObjects() async throws {
        let store = try await makeStore(MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "Low")
        band.formed = 1993
        let albums = ["a", "b"].map { Album(context: writer, title: $0) }
        for album in albums { band.addToAlbums(album) }
        try await writer.save()
        band.rating = 4
        try await writer.save()
        let gone = Album(context: writer, title: "gone")
        try await writer.save()
        let goneID = gone.typedID
        writer.delete(gone)
        try await writer.save()

        let batches = try #require(try await store.objects(for: [albums[1].objectID, goneID.untyped, band.objectID], model: MusicModel.model))
        #expect(batches.map(\.count).sorted() == [1, 1])

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let loadedBand = try await reader.existingObject(with: band.typedID)
        #expect(loadedBand.name == "Low" && loadedBand.formed == 1993 && loadedBand.rating == 4)
        #expect(!reader.hasChanges)
        await #expect(throws: ObjectGraphError.objectNotFound(goneID.untyped)) { _ = try await reader.existingObject(with: goneID) }
        #expect(try await reader.object(with: goneID.untyped) == nil)

        let changed = try await reader.existingObject(with: albums[0].typedID)
        changed.title = "a, changed"
        #expect(try await reader.object(with: albums[0].objectID) === changed && changed.title == "a, changed")
        let other = try await reader.existingObject(with: albums[1].typedID)
        #expect(other.title == "b" && !other.isUpdated)
        #expect(try await changed.band === loadedBand)
        #expect(try await other.band === loadedBand)

        let faulting = try ObjectContext(store: store, model: MusicModel.model)
        let fetched = try await faulting.fetch(Album.self, sortedBy: [.ascending(\.title)])
        let destination = try #require(try await fetched[0].band)
        #expect(destination.name == "Low" && destination.rating == 4)
        #expect(try await fetched[1].band === destination)
        destination.name = "Low, renamed"
        #expect(try await faulting.existingObject(with: band.typedID) === destination && destination.name == "Low, renamed")
    }

    /// A store refuses to decode its rows into the classes of another model.
    package func objectsForAnotherModelAreRefused() async throws {
        let store = try await makeStore(MusicModel.model.schema)
        let batches = try #require(store.fetchObjects(StoreFetchRequest(entityName: "Album"), model: SampleModel.model))
        await #expect(throws: ObjectGraphError.modelMismatch(expected: "Music", actual: "Samples")) {
            for try await _ in batches {}
        }
    }
}
