import ObjectGraph
import ObjectGraphConformance
import Testing

/// A context holds unchanged objects only while someone else does, and objects with pending changes
/// until they are saved or rolled back; uniquing holds for every object someone holds.
@Suite struct BoundedMemoryTests {
    private func makeStore(bands: Int) async throws -> InMemoryStore {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<bands { _ = Band(context: writer, name: "band \(number)") }
        try await writer.save()
        return store
    }

    @Test func unchangedObjectsNoOneHoldsLeaveTheContext() async throws {
        let store = try await makeStore(bands: 50)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var ids: [AnyObjectID] = []
        weak var released: Band?
        do {
            let bands = try await Band.fetch(in: context)
            ids = bands.map(\.objectID)
            released = bands.first
            #expect(context.registeredObject(for: ids[0]) === bands[0])
        }
        #expect(released == nil)
        for id in ids { #expect(context.registeredObject(for: id) == nil) }
        let again = try #require(try await context.object(with: ids[0]))
        #expect(try await context.object(with: ids[0]) === again)
    }

    @Test func readingBatchAfterBatchKeepsOnlyWhatIsHeld() async throws {
        let store = try await makeStore(bands: 2_000)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let kept = try #require(try await Band.first(in: context, where: \.name == "band 7"))
        var seen = 0
        var released: [AnyObjectID] = []
        for offset in stride(from: 0, to: 2_000, by: 100) {
            let batch = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)], limit: 100, offset: offset)
            seen += batch.count
            released += batch.filter { $0 !== kept }.prefix(2).map(\.objectID)
        }
        #expect(seen == 2_000)
        for id in released { #expect(context.registeredObject(for: id) == nil) }
        #expect(context.registeredObject(for: kept.objectID) === kept)
        #expect(try await Band.first(in: context, where: \.name == "band 7") === kept)   // uniquing holds
    }

    @Test func objectsWithPendingChangesStayUntilSaved() async throws {
        let store = try await makeStore(bands: 3)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var changedID: AnyObjectID?
        var deletedID: AnyObjectID?
        weak var saved: Band?
        do {
            let bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
            bands[0].rating = 3
            context.delete(bands[1])
            changedID = bands[0].objectID
            deletedID = bands[1].objectID
            saved = bands[0]
        }
        let changedKey = try #require(changedID)
        let deletedKey = try #require(deletedID)
        let changed = try #require(context.registeredObject(for: changedKey) as? Band)
        #expect(changed.rating == 3 && changed.isUpdated)
        #expect(context.registeredObject(for: deletedKey)?.isDeleted == true)
        _ = consume changed
        try await context.save()
        #expect(saved == nil)   // saved, no longer pending, held by no one
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await Band.fetch(in: reader).map(\.rating).sorted() == [0, 3])
    }

    @Test func aReleasedObjectIsLoadedAgainWithItsStoredValues() async throws {
        let store = try await makeStore(bands: 1)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var id: AnyObjectID?
        do { id = try await Band.first(in: context)?.objectID }
        let other = try ObjectContext(store: store, model: MusicModel.model)
        try #require(try await Band.first(in: other)).name = "renamed"
        try await other.save()
        let key = try #require(id)
        let band = try #require(try await context.object(with: key) as? Band)
        #expect(band.name == "renamed")
    }

    @Test func objectsWithPendingChangesGoWithTheirContext() async throws {
        let store = try await makeStore(bands: 2)
        weak var changed: Band?
        weak var inserted: Album?
        weak var gone: ObjectContext?
        do {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            gone = context
            let bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
            bands[0].rating = 5
            bands[1].name = "renamed"
            let album = Album(context: context, title: "Trust")
            album.setBand(bands[0])
            (changed, inserted) = (bands[0], album)
        }
        #expect(gone == nil)
        #expect(changed == nil && inserted == nil)   // no cycle through what the objects hold of their context
    }

    @Test func objectsOfAGoneContextRecordNoChanges() async throws {
        let store = try await makeStore(bands: 2)
        let (band, other) = try await Self.bandsOfAGoneContext(store)
        #expect(band.context == nil && !band.isUpdated)
        band.rating = 7
        band.addToAlbums(Album(entity: Album.entity))
        other.name = "renamed"
        #expect(!band.isUpdated && !other.isUpdated)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await Band.fetch(in: reader).map(\.rating) == [0, 0])
    }

    /// Two loaded bands whose context is gone.
    private static func bandsOfAGoneContext(_ store: InMemoryStore) async throws -> (Band, Band) {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        return (bands[0], bands[1])
    }
}
