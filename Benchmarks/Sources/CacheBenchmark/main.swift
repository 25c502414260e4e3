// The caching store's benchmarks against the local generic JSON test server on 127.0.0.1:
// (g) a cache-hit fetch of 1,000 objects against the same fetch on a plain SQLiteStore;
// (h) replaying an outbox of 10,000 writes, independent ones and one chain of updates to one object;
// (i) a walk of 100 objects repeated, with and without conditional requests: requests that transferred a body;
// (j) RESTStore.save of one changed object with 20,000 objects in the store's object cache against the same save
//     with 1,000 (both over HTTP): the save's cost beyond the request should not grow with the cache;
// (k) the same for a read: RESTStore.snapshots(for:) of one stale object (a GET of it, taken into the cache);
// (l) the same for a fetch whose list URL has a placeholder (/folders/:folder.name/notes): one new note, linked to
//     the cached folder the predicate names, with 1,000 and 20,000 folders cached.
//
// swift run -c release --package-path Benchmarks CacheBenchmark [--items 1000] [--writes 10000] [--walk 100] [--runs 30]
//     [--cache 20000] [--saves 300] [--only g|h|i|j|k|l]   (--saves: the operations of (j) and (k) per store)
import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphREST
import ObjectGraphSQLite
import RESTTestServer

func option(_ name: String, default value: Int) -> Int {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else { return value }
    return Int(CommandLine.arguments[index + 1]) ?? value
}

let items = option("--items", default: 1000)
let writes = option("--writes", default: 10_000)
let walkLength = option("--walk", default: 100)
let runs = option("--runs", default: 30)
let largeCache = option("--cache", default: 20_000)
let savesPerStore = option("--saves", default: 300)
let only = CommandLine.arguments.firstIndex(of: "--only").flatMap { CommandLine.arguments.dropFirst($0 + 1).first }
let directory = FileManager.default.temporaryDirectory.appending(path: "cache-benchmark-\(UUID().uuidString)").path()
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let model = ItemModel.model
let allItems = StoreFetchRequest(entityName: "Item", sortDescriptors: [SortExpression(["score"])])

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// A REST store for `server`; `fresh`: every fault asks the server (no object cache).
func remote(_ server: TestServer, transport: any HTTPTransport = URLSessionTransport(timeout: 60), conditional: Bool = true, fresh: Bool = true) throws -> RESTStore {
    var configuration = RESTStore.Configuration(mappings: ItemModel.mappings, pagination: RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 1000))
    configuration.retry = .none
    if fresh { configuration.objectCache = RESTObjectCachePolicy(maximumObjects: 50_000, maximumAge: .zero) }
    if !conditional { configuration.conditionalRequestCacheSize = 0 }
    return try RESTStore(model: model, baseURL: server.baseURL, transport: transport, configuration: configuration)
}

// (g) Cache-hit fetch.
if only == nil || only == "g" {
    let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: ItemModel.mappings))
    _ = try await remote(server).save(ChangeSet(inserted: (0..<items).map(ItemModel.item)))
    let caching = try await CachingStore(remote: try remote(server), cache: .file(directory + "/g-cache.sqlite"))
    guard try await caching.fetch(allItems).count == items else { fatalError("the cache did not fill") }
    await caching.setPolicy(.cacheOnly)
    let plain = try await SQLiteStore(at: .file(directory + "/g-plain.sqlite"), model: model)
    _ = try await plain.save(ChangeSet(inserted: (0..<items).map(ItemModel.item)))
    let clock = ContinuousClock()
    var plainTimes: [Double] = []
    var cachedTimes: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<3 { _ = try await plain.fetch(allItems); _ = try await caching.fetch(allItems) }
    for _ in 0..<runs {
        var plainCount = 0
        var cachedCount = 0
        let plainTime = seconds(try await clock.measure { plainCount = try await plain.fetch(allItems).count })
        let cachedTime = seconds(try await clock.measure { cachedCount = try await caching.fetch(allItems).count })
        guard plainCount == items, cachedCount == items else { fatalError("a fetch lost objects") }
        plainTimes.append(plainTime)
        cachedTimes.append(cachedTime)
        ratios.append(cachedTime / plainTime)
    }
    print(String(format: "(g) fetch of %d objects, median of %d: SQLiteStore %.3f ms, CachingStore cache hit %.3f ms, ratio %.2fx",
                 items, runs, median(plainTimes) * 1000, median(cachedTimes) * 1000, median(ratios)))
    await server.stop()
}

// (h) Outbox replay.
for ordered in [false, true] where only == nil || only == "h" {
    let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: ItemModel.mappings))
    let transport = SwitchableTransport(offline: true)
    let store = try await CachingStore(
        remote: try remote(server, transport: transport, fresh: false), cache: .file(directory + "/h-\(ordered).sqlite"),
        configuration: .init(policy: .cacheOnly, initialReplayDelay: .seconds(3600), maximumReplayDelay: .seconds(3600)))
    let clock = ContinuousClock()
    var queued = 0
    let saving = try await clock.measure {
        if ordered {
            let id = try await store.save(ChangeSet(inserted: [ItemModel.item(0)]))[0]
            for number in 1..<writes {
                _ = try await store.save(ChangeSet(updated: [UpdatedObject(id: id, entityName: "Item", attributes: [AttributeChange(index: 1, value: .integer(Int64(number)))], toOnes: [])]))
            }
        } else {
            for number in 0..<writes { _ = try await store.save(ChangeSet(inserted: [ItemModel.item(number)])) }
        }
        queued = await store.outboxEntries.count
    }
    guard queued == writes else { fatalError("the outbox holds \(queued) entries, not \(writes)") }
    server.resetRequests()
    transport.isOffline = false
    var waiting: [OutboxEntry] = []
    let replaying = await clock.measure { waiting = await store.replayOutbox() }
    let replayError = await store.lastReplayError
    guard waiting.isEmpty else { fatalError("\(waiting.count) entries wait after the replay: \(String(describing: replayError))") }
    let requests = server.requests.count
    print(String(format: "(h) %@: %d saves queued offline in %.2f s (%.0f/s); replayed with %d requests in %.2f s: %.0f requests/s",
                 ordered ? "one chain of updates to one object" : "independent inserts", writes, seconds(saving), Double(writes) / seconds(saving),
                 requests, seconds(replaying), Double(requests) / seconds(replaying)))
    await server.stop()
}

// (i) A repeated walk with and without conditional requests.
if only == nil || only == "i" {
    let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: ItemModel.mappings))
    _ = try await remote(server).save(ChangeSet(inserted: (0..<walkLength).map(ItemModel.item)))
    for conditional in [false, true] {
        let rest = try remote(server, conditional: conditional)
        let store = try await CachingStore(remote: rest, cache: .inMemory)
        let ids = try await store.fetch(allItems).map(\.id)
        var bodies: [Int] = []
        var requests: [Int] = []
        for _ in 0..<2 {
            let before = rest.statistics
            for id in ids { guard try await store.snapshots(for: [id]).count == 1 else { fatalError("an object is missing") } }
            requests.append(rest.statistics.requests - before.requests)
            bodies.append(rest.statistics.bodiesTransferred - before.bodiesTransferred)
        }
        print("(i) walk of \(ids.count) objects \(conditional ? "with" : "without") conditional requests: first walk \(requests[0]) requests, \(bodies[0]) bodies; repeated walk \(requests[1]) requests, \(bodies[1]) bodies")
    }
    await server.stop()
}

/// An API holding `largeCache` items, and two REST stores over it whose object caches hold 1,000 and `largeCache` of
/// them (filled by fetches), whose cached objects stay fresh for `maximumAge`.
func storesOfTwoCacheSizes(maximumAge: Duration?) async throws -> (server: TestServer, stores: [(store: RESTStore, ids: [AnyObjectID])]) {
    let api = GenericCRUDAPI(model: model, mappings: ItemModel.mappings)
    for number in 0..<largeCache {
        let body = try JSONSerialization.data(withJSONObject: ["name": "item \(number)", "score": number, "price": Double(number) / 4])
        _ = api.respond(to: ServerRequest(method: "POST", path: "/Item", query: [:], headers: ["Content-Type": "application/json"], body: body))
    }
    let server = try await TestServer.start(api)
    var configuration = RESTStore.Configuration(mappings: ItemModel.mappings, pagination: RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 1000))
    configuration.retry = .none
    configuration.objectCache = RESTObjectCachePolicy(maximumObjects: 2 * largeCache, maximumAge: maximumAge)
    var stores: [(store: RESTStore, ids: [AnyObjectID])] = []
    for cached in [1000, largeCache] {
        let store = try RESTStore(model: model, baseURL: server.baseURL, transport: URLSessionTransport(timeout: 60), configuration: configuration)
        let ids = try await store.fetch(StoreFetchRequest(entityName: "Item", limit: cached)).map(\.id)
        guard ids.count == cached else { fatalError("the store cached \(ids.count) objects, not \(cached)") }
        stores.append((store, ids))
    }
    return (server, stores)
}

/// The median time of `operation` (given a store, its cached IDs and the round) on each of `stores`, interleaved:
/// `savesPerStore` timed rounds after 10 untimed.
func interleavedMedians(of stores: [(store: RESTStore, ids: [AnyObjectID])],
                        _ operation: (RESTStore, [AnyObjectID], Int) async throws -> Void) async throws -> [Double] {
    let clock = ContinuousClock()
    var times: [[Double]] = stores.map { _ in [] }
    for round in 0..<(savesPerStore + 10) {
        for (index, entry) in stores.enumerated() {
            let time = seconds(try await clock.measure { try await operation(entry.store, entry.ids, round) })
            if round >= 10 { times[index].append(time) }
        }
    }
    return times.map(median)
}

// (j) RESTStore.save with a small and a large object cache, interleaved: one save of one changed attribute each.
if only == nil || only == "j" {
    let (server, stores) = try await storesOfTwoCacheSizes(maximumAge: nil)
    let medians = try await interleavedMedians(of: stores) { store, ids, round in
        _ = try await store.save(ChangeSet(updated: [UpdatedObject(id: ids[round % 1000], entityName: "Item",
                                                                   attributes: [AttributeChange(index: 1, value: .integer(Int64(round)))], toOnes: [])]))
    }
    print(String(format: "(j) save of one changed object, median of %d: 1,000 cached objects %.3f ms, %d cached %.3f ms, ratio %.2fx",
                 savesPerStore, medians[0] * 1000, largeCache, medians[1] * 1000, medians[1] / medians[0]))
    await server.stop()
}

// (k) RESTStore.snapshots(for:) of one stale object with a small and a large object cache, interleaved: a GET each.
if only == nil || only == "k" {
    let (server, stores) = try await storesOfTwoCacheSizes(maximumAge: .zero)
    let medians = try await interleavedMedians(of: stores) { store, ids, round in
        guard try await store.snapshots(for: [ids[round % 1000]]).count == 1 else { fatalError("an object is missing") }
    }
    print(String(format: "(k) read of one stale object, median of %d: 1,000 cached objects %.3f ms, %d cached %.3f ms, ratio %.2fx",
                 savesPerStore, medians[0] * 1000, largeCache, medians[1] * 1000, medians[1] / medians[0]))
    await server.stop()
}

// (l) A fetch of a list URL with a placeholder, linking its one new note to the cached folder the predicate names,
// with 1,000 and `largeCache` folders in the store's object cache, interleaved.
if only == nil || only == "l" {
    let api = FolderNotesAPI()
    for number in 0..<largeCache {
        let body = try JSONSerialization.data(withJSONObject: ["name": "folder \(number)"])
        _ = api.folders.respond(to: ServerRequest(method: "POST", path: "/Folder", query: [:], headers: ["Content-Type": "application/json"], body: body))
    }
    let server = try await TestServer.start(api)
    var configuration = RESTStore.Configuration(mappings: FolderModel.mappings, pagination: RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 1000))
    configuration.retry = .none
    configuration.objectCache = RESTObjectCachePolicy(maximumObjects: 2 * largeCache, maximumAge: nil)
    var stores: [(store: RESTStore, ids: [AnyObjectID])] = []
    for cached in [1000, largeCache] {
        let store = try RESTStore(model: FolderModel.model, baseURL: server.baseURL, transport: URLSessionTransport(timeout: 60), configuration: configuration)
        let ids = try await store.fetch(StoreFetchRequest(entityName: "Folder", limit: cached)).map(\.id)
        guard ids.count == cached else { fatalError("the store cached \(ids.count) folders, not \(cached)") }
        stores.append((store, ids))
    }
    let medians = try await interleavedMedians(of: stores) { store, ids, round in
        let folder = round % 1000
        let notes = try await store.fetch(StoreFetchRequest(entityName: "Note", predicate: .compare(["folder", "name"], .equal, .string("folder \(folder)"))))
        guard notes.count == 1, notes[0].toOneIDs.first == ids[folder] else { fatalError("the note is not linked to folder \(folder)") }
    }
    print(String(format: "(l) fetch linking one note to a cached folder, median of %d: 1,000 cached folders %.3f ms, %d cached %.3f ms, ratio %.2fx",
                 savesPerStore, medians[0] * 1000, largeCache, medians[1] * 1000, medians[1] / medians[0]))
    await server.stop()
}
