import ObjectGraph
import ObjectGraphConformance
import Testing

/// `ObjectContext.reset()` forgets every object and pending change; objects still held are detached.
@Suite struct ResetTests {
    /// A context over a store holding band "Low" with album "C'mon", and the IDs of both.
    private func makeSavedContext() async throws -> (ObjectContext, InMemoryStore, ObjectID<Band>, ObjectID<Album>) {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "Low")
        let album = Album(context: writer, title: "C'mon")
        album.setBand(band)
        try await writer.save()
        return (try ObjectContext(store: store, model: MusicModel.model), store, band.typedID, album.typedID)
    }

    @Test func resetForgetsRegisteredObjectsAndPendingChanges() async throws {
        let (context, store, bandID, albumID) = try await makeSavedContext()
        let band = try await context.existingObject(with: bandID)
        let album = try await context.existingObject(with: albumID)
        band.name = "Changed"
        context.delete(album)
        let inserted = Band(context: context, name: "Unsaved")
        #expect(context.hasChanges)

        context.reset()
        #expect(!context.hasChanges)
        #expect(context.insertedObjects.isEmpty && context.updatedObjects.isEmpty && context.deletedObjects.isEmpty)
        #expect(context.registeredObject(for: bandID.untyped) == nil)
        #expect(context.registeredObject(for: albumID.untyped) == nil)
        #expect(context.registeredObject(for: inserted.objectID) == nil)
        try await context.save()  // nothing left to save

        let fresh = try await context.existingObject(with: bandID)
        #expect(fresh !== band)
        #expect(fresh.name == "Low")
        #expect(try await context.existingObject(with: bandID) === fresh)
        #expect(try await context.existingObject(with: albumID).title == "C'mon")
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await reader.fetch(Band.self).map(\.name) == ["Low"])
    }

    @Test func heldObjectsAreDetachedAndTheirFaultsThrow() async throws {
        let (context, _, bandID, albumID) = try await makeSavedContext()
        let band = try await context.existingObject(with: bandID)
        let album = try await context.existingObject(with: albumID)
        let inserted = Band(context: context, name: "Unsaved")
        context.reset()

        #expect(band.context == nil && album.context == nil && inserted.context == nil)
        #expect(!band.isDeleted && !band.isUpdated && !inserted.isInserted)
        #expect(band.name == "Low")
        await #expect(throws: ObjectGraphError.objectNotInContext(bandID.untyped)) { _ = try await band.albums }
        await #expect(throws: ObjectGraphError.objectNotInContext(albumID.untyped)) { _ = try await album.band }
        band.name = "Not tracked"
        #expect(!context.hasChanges)
    }

    /// Loaded relationships become faults, so detached objects related both ways stop holding each other
    /// (`LifetimeChecks` in the conformance suite checks that they are freed).
    @Test func loadedRelationshipsOfDetachedObjectsBecomeFaults() async throws {
        let (context, _, bandID, albumID) = try await makeSavedContext()
        let band = try await context.existingObject(with: bandID)
        let albums = try await band.albums
        #expect(try await albums.first?.band === band)
        context.reset()
        #expect(albums.map(\.title) == ["C'mon"] && albums.first?.objectID == albumID.untyped)
        await #expect(throws: ObjectGraphError.objectNotInContext(bandID.untyped)) { _ = try await band.albums }
        await #expect(throws: ObjectGraphError.objectNotInContext(albumID.untyped)) { _ = try await albums.first?.band }
    }

    @Test func usingADetachedObjectWithTheContextFailsTheNextSave() async throws {
        let (context, _, bandID, _) = try await makeSavedContext()
        let band = try await context.existingObject(with: bandID)
        context.reset()

        context.delete(band)
        await #expect(throws: ObjectGraphError.objectNotInContext(bandID.untyped)) { try await context.save() }
        context.rollback()

        let album = Album(context: context, title: "Drums and Guns")
        album.setBand(band)
        await #expect(throws: ObjectGraphError.objectNotInContext(bandID.untyped)) { try await context.save() }
        context.rollback()

        context.insert(band)
        await #expect(throws: ObjectGraphError.objectNotInContext(bandID.untyped)) { try await context.save() }
    }

    @Test func theContextWorksNormallyAfterAReset() async throws {
        let (context, store, bandID, _) = try await makeSavedContext()
        _ = Band(context: context, name: "Discarded")
        context.reset()

        let band = try await context.existingObject(with: bandID)
        let album = Album(context: context, title: "The Great Destroyer")
        album.setBand(band)
        #expect(context.registeredObject(for: album.objectID) === album)
        try await context.save()
        #expect(try await band.albums.map(\.title).sorted() == ["C'mon", "The Great Destroyer"])

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await reader.fetch(Band.self).map(\.name) == ["Low"])
        #expect(try await reader.fetch(Album.self).count == 2)
    }
}

/// A reset while a save or a fault awaits the store leaves the context empty and the detached objects
/// detached.
@Suite struct ResetWhileAwaitingTests {
    @MainActor @Test func aResetWhileTheStoreSavesKeepsTheStoresChangesButNotTheObjects() async throws {
        let store = GatedStore(model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        let gate = store.arm("save")
        let saving = Task { @MainActor in try await context.save() }
        await gate.entered()
        context.reset()
        gate.release()
        try await saving.value

        #expect(!context.hasChanges)
        #expect(band.context == nil && band.objectID.isTemporary)
        let fetched = try await context.fetch(Band.self)
        #expect(fetched.map(\.name) == ["Low"])
        #expect(fetched.first !== band)
    }

    /// A gated store holding the band Low and its album C'mon.
    @MainActor private static func storeWithOneBandAndAlbum() async throws -> GatedStore {
        let store = GatedStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let album = Album(context: writer, title: "C'mon")
        album.setBand(Band(context: writer, name: "Low"))
        try await writer.save()
        return store
    }

    @MainActor @Test func aResetWhileDeleteRulesLoadStopsTheSaveWithoutWriting() async throws {
        let store = try await Self.storeWithOneBandAndAlbum()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = try #require(try await context.fetch(Band.self).first)
        context.delete(band)
        let gate = store.arm("relatedIDs")
        let saving = Task { @MainActor in try await context.save() }
        await gate.entered()
        context.reset()
        gate.release()
        try await saving.value

        #expect(!context.hasChanges && band.context == nil && !band.isDeleted)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await reader.fetch(Band.self).count == 1)
        #expect(try await reader.fetch(Album.self).count == 1)
    }

    @MainActor @Test func aResetWhileAFaultLoadsThrowsObjectNotInContext() async throws {
        let store = try await Self.storeWithOneBandAndAlbum()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = try #require(try await context.fetch(Band.self).first)
        let gate = store.arm("relatedIDs")
        let loading = Task { @MainActor in _ = try await band.albums }
        await gate.entered()
        context.reset()
        gate.release()
        await #expect(throws: ObjectGraphError.objectNotInContext(band.objectID)) { try await loading.value }
        #expect(context.registeredObject(for: band.objectID) == nil)
    }
}
