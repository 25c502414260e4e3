import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct OutboxTests {
    static let bands = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])

    @Test func offlineSavesShowAtOnceAndReachTheServerInOrderWhenItComesBack() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low"])
        let transport = SwitchableTransport()
        let store = try await music.cachingStore(transport: transport)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let low = try #require(try await context.fetch(Band.self).first)
        transport.isOffline = true

        let beirut = Band(context: context, name: "Beirut")
        let album = Album(context: context, title: "Gulag Orkestar")
        album.setBand(beirut)
        try await context.save()
        low.rating = 5
        try await context.save()
        let localID = beirut.objectID
        #expect(!localID.isTemporary)
        #expect(await store.outboxEntries.count == 2)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await reader.fetch(Band.self, sortedBy: [.ascending(\.name)]).map(\.name) == ["Beirut", "Low"])
        #expect(try await reader.fetch(Album.self).first?.band?.name == "Beirut")
        #expect(try await music.bandNamesOnServer() == ["Low"])

        music.server.resetRequests()
        transport.isOffline = false
        await store.waitForOutbox()
        #expect(await store.outboxEntries.isEmpty)
        #expect(music.server.requests.filter { !$0.hasPrefix("GET") } == ["POST /Band", "POST /Album", "PATCH /Band/1"])
        #expect(try await music.bandNamesOnServer() == ["Low", "Beirut"])
        let onServer = try await music.remote().fetch(StoreFetchRequest(entityName: "Album"))
        #expect(onServer.first?.toOneIDs[0] == AnyObjectID(entityName: "Band", key: .integer(2)))
        // The local ID stays the object's, online too, and reads now come from the server.
        let online = try await store.fetch(Self.bands)
        #expect(online.map(\.id) == [localID, low.objectID])
        #expect(try await store.relatedIDs(for: "albums", of: "Band", ids: [localID])[localID] == [album.objectID])
        #expect(music.server.requests.contains("GET /Band"))
        await music.server.stop()
    }

    @Test func aRefusedEntryStopsWithATypedErrorAndHoldsBackOnlyWhatTouchesItsObjects() async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.refusal(status: 403, headers: [:]), for: "POST /Band", times: 1)
        let refused = Band(context: context, name: "Refused")
        try await context.save()
        await store.waitForOutbox()
        refused.rating = 2
        try await context.save()
        _ = Album(context: context, title: "Unrelated")
        try await context.save()
        await store.waitForOutbox()

        let entries = await store.outboxEntries
        #expect(entries.count == 2)
        let refusal = try #require(entries.first?.refusal)
        #expect(refusal.status == 403)
        #expect(refusal.message.contains("POST") && refusal.message.contains("/Band"))
        guard case .httpStatus(403, "POST", _, _)? = refusal.error as? RESTError else {
            Issue.record("expected the typed RESTError, got \(String(describing: refusal.error))")
            return
        }
        #expect(entries.last?.refusal == nil)
        #expect(try await music.remote().fetch(StoreFetchRequest(entityName: "Album")).count == 1)
        #expect(try await music.bandNamesOnServer().isEmpty)

        try await store.retryOutboxEntry(try #require(entries.first).sequence)
        await store.waitForOutbox()
        #expect(await store.outboxEntries.isEmpty)
        let bands = try await music.remote().fetch(Self.bands)
        #expect(bands.strings(at: 0) == ["Refused"])
        #expect(bands.first?.values[2] == .double(2))
        await music.server.stop()
    }

    @Test func droppingARefusedEntryTakesItsChangesOutOfTheCache() async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.refusal(status: 422, headers: [:]), for: "POST /Band", times: 1)
        _ = Band(context: context, name: "Refused")
        try await context.save()
        await store.waitForOutbox()
        let entry = try #require(await store.outboxEntries.first)
        #expect(entry.refusal?.status == 422)
        try await store.dropOutboxEntry(entry.sequence)
        #expect(await store.outboxEntries.isEmpty)
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(Self.bands).isEmpty)
        await #expect(throws: CachingStoreError.noOutboxEntry(entry.sequence)) { try await store.dropOutboxEntry(entry.sequence) }
        await music.server.stop()
    }

    @Test func aPOSTWhoseResponseWasLostCreatesItsObjectOnce() async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.loseResponse, for: "POST /Band", times: 1)
        _ = Band(context: context, name: "Once")
        try await context.save()
        await store.waitForOutbox()
        #expect(music.server.requests.filter { $0 == "POST /Band" }.count == 2)
        #expect(try await music.bandNamesOnServer() == ["Once"])
        #expect(await store.outboxEntries.isEmpty)
        await music.server.stop()
    }

    @Test func theOutboxSurvivesARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/outbox.sqlite"
        let music = try await MusicServer.start()
        let transport = SwitchableTransport()
        transport.isOffline = true
        var store: CachingStore? = try await music.cachingStore(.file(path), transport: transport)
        let context = try ObjectContext(store: store!, model: MusicModel.model)
        for name in ["One", "Two", "Three"] {
            _ = Band(context: context, name: name)
            try await context.save()
        }
        let ids = try await store!.fetch(Self.bands).map(\.id)
        store = nil

        let reopened = try await music.cachingStore(.file(path))
        #expect(await reopened.outboxEntries.count == 3)
        await reopened.waitForOutbox()
        #expect(try await music.bandNamesOnServer() == ["One", "Two", "Three"])
        #expect(try await reopened.fetch(Self.bands).map(\.id) == ids)
        await music.server.stop()
    }
}
