import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

/// What a `networkFirst` read through the caching store makes of each fault of the server: fetches,
/// counts, relationship faults and object faults answer from the cache when the server is out of reach
/// (5xx, 429, a connection reset in the middle of the body, a timeout) and throw the server's other
/// answers as typed errors naming method, URL and status (a 4xx, malformed or truncated JSON, a value of
/// the wrong type). Either way the cache keeps every object it had, once, and the outbox its entries.
// Serialized: every live test server holds one Dispatch worker thread (FlyingSocks blocks one in
// epoll_wait), and Dispatch has at most 255; twelve servers at once add to what parallel suites hold.
@Suite(.testServerSlot, .serialized) struct CacheReadFaultTests {
    static let bands = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])

    @Test(arguments: ReadFault.allCases)
    func aFaultyReadAnswersFromTheCacheOrThrowsATypedErrorAndLosesNothing(fault: ReadFault) async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low", "Beirut"], albums: 2)
        let transport = ImpatientTransport()
        let store = try await music.cachingStore(transport: transport)
        let bandIDs = try await store.fetch(Self.bands).map(\.id)
        // An entry the server refused waits in the outbox through every read.
        let context = try ObjectContext(store: store, model: MusicModel.model)
        music.server.inject(.refusal(status: 409, headers: [:]), for: "POST /Album", times: 1)
        _ = Album(context: context, title: "Pending")
        try await context.save()
        await store.waitForOutbox()
        let outbox = await store.outboxEntries
        #expect(outbox.count == 1 && outbox.first?.refusal?.status == 409)

        for read in ReadOperation.allCases {
            let online = try await read.run(on: store, bands: bandIDs)
            let cachedCount = await store.cachedObjectCount
            music.server.resetRequests()
            _ = try await read.run(on: store, bands: bandIDs)
            let lines = Set(music.server.requests.filter { $0.hasPrefix("GET ") })
            #expect(!lines.isEmpty, "\(read) asks the server")
            for line in lines { music.server.inject(fault.serverFault(for: line), for: line) }
            transport.isImpatient = fault == .timeout

            if fault.isUnreachable {
                #expect(try await read.run(on: store, bands: bandIDs) == online, "\(read) answers from the cache")
            } else if fault == .status(404) && read == .objectFault {
                // A 404 at an object's URL is the server saying it has no such object: it leaves the cache,
                // with the albums its `albums` cascades to (the pending album has no band).
                #expect(try await read.run(on: store, bands: bandIDs) == .objects([]))
                #expect(await store.cachedObjectCount == cachedCount - bandIDs.count - 4)
                music.server.clearFaults()
                transport.isImpatient = false
                continue
            } else {
                let error = await #expect(throws: RESTError.self, "\(read)") { _ = try await read.run(on: store, bands: bandIDs) }
                let text = error.map { "\($0)" } ?? ""
                #expect(lines.contains { text.contains(music.server.baseURL.absoluteString + $0.dropFirst("GET ".count)) }, "\(text) names the URL")
                if let status = fault.status { #expect(text.contains("GET") && text.contains("HTTP \(status)"), "\(text)") }
            }
            music.server.clearFaults()
            transport.isImpatient = false

            #expect(await store.cachedObjectCount == cachedCount)
            #expect(await store.outboxEntries == outbox)
            await store.setPolicy(.cacheOnly)
            #expect(try await read.run(on: store, bands: bandIDs) == online, "the cache still answers \(read) as before")
            await store.setPolicy(.networkFirst)
        }
        #expect(try await music.remote().fetch(StoreFetchRequest(entityName: "Album")).count == 4)
        await music.server.stop()
    }
}

/// A fault of the server while it answers a read.
enum ReadFault: Hashable, CaseIterable, CustomTestStringConvertible {
    case status(Int)
    case connectionReset
    case truncatedJSON
    case wrongType
    case timeout

    static let allCases: [ReadFault] = [401, 403, 404, 409, 422, 429, 500, 503].map(ReadFault.status)
        + [.connectionReset, .truncatedJSON, .wrongType, .timeout]

    var testDescription: String {
        switch self {
        case .status(let status): "HTTP \(status)"
        case .connectionReset: "connection reset mid-body"
        case .truncatedJSON: "truncated JSON"
        case .wrongType: "wrong value type"
        case .timeout: "timeout"
        }
    }

    /// The status the typed error names, for a refusal.
    var status: Int? {
        if case .status(let status) = self { status } else { nil }
    }

    /// Whether the read falls back to the cache.
    var isUnreachable: Bool {
        switch self {
        case .status(let status): status == 429 || status >= 500
        case .connectionReset, .timeout: true
        case .truncatedJSON, .wrongType: false
        }
    }

    /// What the server does to the request `line` (`GET /Band` lists, `GET /Band/1` is one object).
    func serverFault(for line: String) -> ServerFault {
        let isObject = line.split(separator: "/").count > 2
        switch self {
        case .status(let status): return .refusal(status: status, headers: status == 429 ? ["Retry-After": "0"] : [:])
        case .connectionReset: return .closeConnection
        case .truncatedJSON: return .body(isObject ? "{\"id\": 1, \"na" : "[{\"id\": 1, \"na")
        case .wrongType: return .body(isObject ? "{\"id\": [1]}" : "[{\"id\": [1]}]")
        case .timeout: return .delay(3)
        }
    }
}

/// A read of the caching store, and its answer.
enum ReadOperation: CaseIterable, CustomStringConvertible {
    case fetch
    case count
    case relationshipFault
    case objectFault

    enum Answer: Equatable {
        case objects([Snapshot])
        case count(Int)
        case related([AnyObjectID: [AnyObjectID]])
    }

    var description: String {
        switch self {
        case .fetch: "fetch"
        case .count: "count"
        case .relationshipFault: "relationship fault"
        case .objectFault: "object fault"
        }
    }

    func run(on store: CachingStore, bands: [AnyObjectID]) async throws -> Answer {
        switch self {
        case .fetch: .objects(try await store.fetch(CacheReadFaultTests.bands))
        case .count: .count(try await store.count(StoreFetchRequest(entityName: "Album")))
        case .relationshipFault: .related(try await store.relatedIDs(for: "albums", of: "Band", ids: bands).mapValues { $0.sorted { $0.key.precedesAmongTies($1.key) } })
        case .objectFault: .objects(try await store.snapshots(for: bands))
        }
    }
}
