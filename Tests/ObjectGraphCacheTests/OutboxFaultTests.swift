import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

/// What the server does to a replayed `POST`, and what the outbox makes of it: refusals stop the entry
/// with the typed error, everything else is tried again; either way the band is created exactly once.
@Suite(.testServerSlot, .serialized) struct OutboxFaultTests {
    @Test(arguments: [401, 403, 404, 409, 422])
    func aRefusalStopsTheEntryUntilItIsRetried(status: Int) async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.refusal(status: status, headers: [:]), for: "POST /Band", times: 1)
        _ = Band(context: context, name: "Band")
        try await context.save()
        await store.waitForOutbox()
        let entries = await store.outboxEntries
        #expect(entries.count == 1)
        #expect(entries.first?.refusal?.status == status)
        #expect(entries.first?.refusal?.message.contains("POST \(music.server.baseURL.absoluteString)/Band") == true)
        try await store.retryOutboxEntry(try #require(entries.first).sequence)
        await store.waitForOutbox()
        #expect(await store.outboxEntries.isEmpty)
        #expect(try await music.bandNamesOnServer() == ["Band"])
        try await Self.expectCached(["Band"], in: store)
        await music.server.stop()
    }

    @Test(arguments: [
        ServerFault.status(500), .refusal(status: 503, headers: ["Retry-After": "0"]), .refusal(status: 429, headers: ["Retry-After": "0"]),
        .closeConnection, .loseResponse, .delay(0.05),
    ])
    func aServerOutOfReachIsTriedAgain(fault: ServerFault) async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(fault, for: "POST /Band", times: 2)
        _ = Band(context: context, name: "Band")
        try await context.save()
        await store.waitForOutbox()
        #expect(await store.outboxEntries.isEmpty)
        #expect(try await music.bandNamesOnServer() == ["Band"])
        try await Self.expectCached(["Band"], in: store)
        await music.server.stop()
    }

    @Test(arguments: [ServerFault.status(500), .closeConnection, .loseResponse])
    func updatesAndDeletionsOutOfReachAreTriedAgainAndLandOnce(fault: ServerFault) async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low", "Beirut"])
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let low = try #require(try await context.fetch(Band.self, where: \.name == "Low").first)
        let beirut = try #require(try await context.fetch(Band.self, where: \.name == "Beirut").first)
        music.server.inject(fault, for: "PATCH /Band/1", times: 2)
        music.server.inject(fault, for: "DELETE /Band/2", times: 2)
        low.rating = 4
        try await context.save()
        context.delete(beirut)
        try await context.save()
        await store.waitForOutbox()

        #expect(await store.outboxEntries.isEmpty)
        #expect(music.server.requests.filter { $0 == "PATCH /Band/1" }.count == 3)
        #expect(music.server.requests.filter { $0 == "DELETE /Band/2" }.count == 3)
        let onServer = try await music.remote().fetch(StoreFetchRequest(entityName: "Band"))
        #expect(onServer.strings(at: 0) == ["Low"] && onServer.first?.values[2] == .double(4))
        try await Self.expectCached(["Low"], in: store)
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Band")).first?.values[2] == .double(4))
        await music.server.stop()
    }

    @Test(arguments: [403, 409, 422])
    func aRefusedUpdateStopsItsEntryAndKeepsTheLocalValueUntilDropped(status: Int) async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low"])
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let low = try #require(try await context.fetch(Band.self).first)
        music.server.inject(.refusal(status: status, headers: [:]), for: "PATCH /Band/1", times: 1)
        low.rating = 4
        try await context.save()
        await store.waitForOutbox()

        let entry = try #require(await store.outboxEntries.first)
        #expect(await store.outboxEntries.count == 1)
        #expect(entry.refusal?.status == status)
        #expect(entry.refusal?.message.contains("PATCH \(music.server.baseURL.absoluteString)/Band/1") == true)
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Band")).first?.values[2] == .double(4))
        try await store.dropOutboxEntry(entry.sequence)
        #expect(await store.outboxEntries.isEmpty)
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Band")).first?.values[2] == .double(0))
        try await Self.expectCached(["Low"], in: store)
        await music.server.stop()
    }

    /// Expects the cache alone to hold exactly the bands `names`, once each.
    static func expectCached(_ names: [String], in store: CachingStore) async throws {
        await store.setPolicy(.cacheOnly)
        let cached = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
        #expect(cached.strings(at: 0) == names)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == names.count)
        await store.setPolicy(.networkFirst)
    }

    @Test(arguments: ["{\"id\": ", "[1, 2]", "{\"id\": \"not a band\", \"name\": 12}"])
    func aBrokenAnswerStopsTheEntryAndARetryDoesNotCreateASecondObject(body: String) async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.body(body), for: "POST /Band", times: 1)
        _ = Band(context: context, name: "Band")
        try await context.save()
        await store.waitForOutbox()
        let entry = try #require(await store.outboxEntries.first)
        #expect(entry.refusal?.error is RESTError)
        try await store.retryOutboxEntry(entry.sequence)
        await store.waitForOutbox()
        #expect(await store.outboxEntries.isEmpty)
        #expect(try await music.bandNamesOnServer() == ["Band"])
        try await Self.expectCached(["Band"], in: store)
        await music.server.stop()
    }
}
