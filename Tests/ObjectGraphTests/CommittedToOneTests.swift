import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

/// A saved inserted object keeps no committed to-one destinations: they are its current ones until its
/// relationships next change, which captures them. Rollback, the change set and conflict reports read
/// them as before.
@Suite struct CommittedToOneTests {
    private let schema = MusicModel.model.schema

    /// A context with two saved bands and a saved album of the first, all inserted by it.
    private func savedAlbum(in store: some PersistentStore) async throws -> (ObjectContext, Album, low: Band, high: Band) {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let low = Band(context: context, name: "Low")
        let high = Band(context: context, name: "High")
        let album = Album(context: context, title: "C'mon")
        album.setBand(low)
        try await context.save()
        return (context, album, low, high)
    }

    /// The first update of the last change set `store` saved.
    private func lastUpdate(in store: RecordingStore) throws -> UpdatedObject {
        try #require(store.saved.withLock { $0.last }?.updated.first)
    }

    @Test func aToOneChangedAfterTheInsertingSaveIsWrittenByTheNextSave() async throws {
        let store = RecordingStore(model: schema)
        let (context, album, _, high) = try await savedAlbum(in: store)
        album.setBand(high)
        try await context.save()

        let update = try lastUpdate(in: store)
        #expect(update.id == album.objectID)
        #expect(update.toOnes.map(\.destination) == [high.objectID])
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let stored = try await reader.existingObject(with: album.typedID)
        #expect(try await stored.band?.objectID == high.objectID)
    }

    @Test func anAttributeChangedAfterTheInsertingSaveWritesNoToOne() async throws {
        let store = RecordingStore(model: schema)
        let (context, album, _, _) = try await savedAlbum(in: store)
        album.title = "Drums and Guns"
        try await context.save()

        let update = try lastUpdate(in: store)
        #expect(update.toOnes.isEmpty)
        #expect(update.attributes.map(\.value) == [.string("Drums and Guns")])
    }

    @Test func rollbackRestoresTheToOneTheInsertingSaveWrote() async throws {
        let store = InMemoryStore(model: schema)
        let (context, album, low, high) = try await savedAlbum(in: store)
        album.setBand(high)
        album.setBand(nil)
        context.rollback()
        #expect(try await album.band === low)
        #expect(try await low.albums.map(\.objectID) == [album.objectID])
        #expect(!context.hasChanges)
    }

    @Test func aConflictReportsTheToOneTheInsertingSaveWroteAsRead() async throws {
        let store = InMemoryStore(model: schema)
        let (context, album, low, high) = try await savedAlbum(in: store)
        context.automaticallyMergesChanges = false
        let other = try ObjectContext(store: store, model: MusicModel.model)
        let inOther = try await other.existingObject(with: album.typedID)
        inOther.setBand(try await other.existingObject(with: high.typedID))
        try await other.save()

        album.setBand(nil)
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("expected a merge conflict, got \(String(describing: error))")
            return
        }
        let band = try #require(conflicts.first?.properties.first { $0.name == "band" })
        #expect(band.readValue == .toOne(low.objectID))
        #expect(band.storeValue == .toOne(high.objectID) && band.contextValue == .toOne(nil))
    }

    /// The album of ``savedAlbum(in:)`` loaded by a new context over `store`, with the bands.
    private func loadedAlbum(from store: RecordingStore) async throws -> (ObjectContext, Album, low: Band, high: Band) {
        let (_, album, low, high) = try await savedAlbum(in: store)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        return (reader, try await reader.existingObject(with: album.typedID),
                try await reader.existingObject(with: low.typedID), try await reader.existingObject(with: high.typedID))
    }

    /// A loaded object whose relationships were never touched shares its entity's loaded states, which a
    /// save reads as "no to-one changed" without comparing; every way of touching them is still diffed.
    @Test func aLoadedObjectsToOnesAreWrittenExactlyWhenTheyChanged() async throws {
        let store = RecordingStore(model: schema)
        let (context, album, low, high) = try await loadedAlbum(from: store)
        album.title = "Drums and Guns"
        try await context.save()
        var update = try lastUpdate(in: store)
        #expect(update.toOnes.isEmpty && update.attributes.map(\.value) == [.string("Drums and Guns")])

        album.setBand(high)
        try await context.save()
        update = try lastUpdate(in: store)
        #expect(update.toOnes.map(\.destination) == [high.objectID])

        #expect(try await album.band === high)
        album.title = "The Great Destroyer"
        try await context.save()
        update = try lastUpdate(in: store)
        #expect(update.toOnes.isEmpty)

        album.setBand(low)
        album.setBand(high)
        album.title = "Ones and Sixes"
        try await context.save()
        update = try lastUpdate(in: store)
        #expect(update.toOnes.isEmpty)
    }

    /// A loaded object's to-one changed and rolled back is its committed one again: the next save writes
    /// no to-one, and a later change is written.
    @Test func aLoadedObjectsRolledBackToOneIsWrittenOnlyWhenChangedAgain() async throws {
        let store = RecordingStore(model: schema)
        let (context, album, low, high) = try await loadedAlbum(from: store)
        album.setBand(high)
        context.rollback()
        #expect(try await album.band === low)
        album.title = "Double Negative"
        try await context.save()
        var update = try lastUpdate(in: store)
        #expect(update.toOnes.isEmpty)

        album.setBand(nil)
        try await context.save()
        update = try lastUpdate(in: store)
        #expect(update.toOnes.map(\.destination) == [nil])
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await reader.existingObject(with: album.typedID).band == nil)
    }
}
