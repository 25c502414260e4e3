import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Synchronization
import Testing

/// A server that answers after the client's timeout: a `networkFirst` read answers from the cache, and an
/// outbox entry whose `POST` timed out (the server acted on it all the same) stays and is replayed once.
@Suite(.testServerSlot) struct CacheTimeoutTests {
    static let bands = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])

    @Test func aNetworkFirstFetchThatTimesOutAnswersFromTheCache() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low", "Beirut"])
        let transport = ImpatientTransport()
        let store = try await music.cachingStore(transport: transport)
        let online = try await store.fetch(Self.bands)
        #expect(online.count == 2)
        transport.isImpatient = true
        music.server.inject(.delay(3), for: "GET /Band")

        await #expect {
            _ = try await music.remote(transport: URLSessionTransport(timeout: 1)).fetch(Self.bands)
        } throws: { error in
            guard case RESTError.timedOut("GET", let url) = error else { return false }
            return url.hasPrefix("\(music.server.baseURL.absoluteString)/Band")
        }
        #expect(try await store.fetch(Self.bands) == online)
        await music.server.stop()
    }

    @Test func aReplayedPostThatTimesOutStaysAndReachesTheServerOnce() async throws {
        let music = try await MusicServer.start()
        let transport = ImpatientTransport()
        transport.isImpatient = true
        let store = try await music.cachingStore(transport: transport)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.delay(3), for: "POST /Band", times: 1)
        let band = Band(context: context, name: "Slow")
        try await context.save()
        await store.waitForOutbox()

        #expect(await store.outboxEntries.isEmpty)
        #expect(await store.lastReplayError == nil)
        // The timed-out POST is acted on when its delay ends; it carries the Idempotency-Key of the repeat.
        let posts = { (log: [String]) in log.filter { $0.hasPrefix("POST /Band") }.count }
        for _ in 0..<200 where posts(music.server.answers) < posts(music.server.requests) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(posts(music.server.answers) == posts(music.server.requests))
        #expect(posts(music.server.requests) >= 2)
        #expect(try await music.bandNamesOnServer() == ["Slow"])
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(Self.bands).map(\.id) == [band.objectID])
        await music.server.stop()
    }
}

/// A transport that waits 60 s for an answer, or 1 s once ``isImpatient`` (shorter than the faults'
/// delays, long enough for an answer on a loaded machine).
final class ImpatientTransport: HTTPTransport {
    private let patient = URLSessionTransport(timeout: 60)
    private let impatient = URLSessionTransport(timeout: 1)
    private let state = Mutex(false)

    /// Whether requests time out after 1 s.
    var isImpatient: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await (isImpatient ? impatient : patient).send(request)
    }
}
