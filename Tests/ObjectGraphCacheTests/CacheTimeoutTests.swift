import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

/// A server that answers after the client's timeout: a `networkFirst` read answers from the cache, and an
/// outbox entry whose `POST` timed out (the server acted on it all the same) stays and is replayed once.
@Suite struct CacheTimeoutTests {
    static let bands = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])

    @Test func aNetworkFirstFetchThatTimesOutAnswersFromTheCache() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low", "Beirut"])
        let store = try await music.cachingStore(transport: URLSessionTransport(timeout: 1))
        let online = try await store.fetch(Self.bands)
        music.server.inject(.delay(3), for: "GET /Band")

        await #expect {
            _ = try await music.remote(transport: URLSessionTransport(timeout: 1)).fetch(Self.bands)
        } throws: { error in
            guard case RESTError.timedOut("GET", let url) = error else { return false }
            return url.hasPrefix("\(music.server.baseURL.absoluteString)/Band")
        }
        #expect(try await store.fetch(Self.bands) == online)
        let count = await store.cachedObjectCount
        #expect(count == 2, "\(count) \(music.server.requests)")
        await music.server.stop()
    }

    @Test func aReplayedPostThatTimesOutStaysAndReachesTheServerOnce() async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore(transport: URLSessionTransport(timeout: 1))
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.delay(3), for: "POST /Band", times: 1)
        let band = Band(context: context, name: "Slow")
        try await context.save()
        await store.waitForOutbox()

        #expect(await store.outboxEntries.isEmpty)
        #expect(await store.lastReplayError == nil)
        // The timed-out POST is acted on when its delay ends; its Idempotency-Key is the replay's.
        for _ in 0..<100 where music.server.answers.filter({ $0.hasPrefix("POST /Band ") }).count < 2 {
            try await Task.sleep(for: .milliseconds(50))
        }
        let posts = music.server.answers.filter { $0.hasPrefix("POST /Band ") }
        #expect(posts.count == 2)
        #expect(try await music.bandNamesOnServer() == ["Slow"])
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(Self.bands).map(\.id) == [band.objectID])
        await music.server.stop()
    }
}
