import ObjectGraph
import ObjectGraphConformance
import Testing

/// The answer of a lookup started in a task of the main actor.
@MainActor private final class FoundObject {
    var object: ManagedObject?
}

/// Looking objects up by ID goes through objects the store decodes from its rows when it offers them
/// (`PersistentStore.objects(for:model:)`), otherwise through snapshots; either way an object the context
/// registers while the store reads is the one the lookup returns, with its unsaved changes.
@MainActor @Suite struct LookupByIDTests {
    @Test(arguments: [false, true])
    func anObjectRegisteredWhileALookupReadsIsKeptWithItsChanges(decodesRows: Bool) async throws {
        let store = GatedStore(model: MusicModel.model.schema, decodesRows: decodesRows)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let low = Band(context: writer, name: "Low")
        try await writer.save()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let found = FoundObject()
        let gate = store.arm(decodesRows ? "objects" : "snapshots")
        let lookingUp = Task { found.object = try await context.object(with: low.objectID) }
        await gate.entered()
        let fetched = try #require(try await context.first(Band.self, where: \.name == "Low"))
        fetched.name = "Low, renamed"
        gate.release()
        try await lookingUp.value

        #expect(found.object === fetched && fetched.name == "Low, renamed" && fetched.isUpdated)
        #expect(store.callCount("objects") == (decodesRows ? 1 : 0))
        #expect(store.callCount("snapshots") == (decodesRows ? 0 : 1))
    }

    @Test(arguments: [false, true])
    func aToOneFaultLoadsItsDestinationThroughTheStoresPath(decodesRows: Bool) async throws {
        let store = GatedStore(model: MusicModel.model.schema, decodesRows: decodesRows)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let low = Band(context: writer, name: "Low")
        low.addToAlbums(Album(context: writer, title: "Things We Lost in the Fire"))
        try await writer.save()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let album = try #require(try await context.first(Album.self))
        let band = try #require(try await album.band)
        #expect(band.name == "Low" && band.objectID == low.objectID && !context.hasChanges)
        #expect(store.callCount("objects") == (decodesRows ? 1 : 0))
        #expect(store.callCount("snapshots") == (decodesRows ? 0 : 1))
    }
}
