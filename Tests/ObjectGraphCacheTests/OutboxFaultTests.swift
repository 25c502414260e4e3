import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

/// What the server does to a replayed `POST`, and what the outbox makes of it: refusals stop the entry
/// with the typed error, everything else is tried again; either way the band is created exactly once.
@Suite struct OutboxFaultTests {
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
        await music.server.stop()
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
        await music.server.stop()
    }
}
