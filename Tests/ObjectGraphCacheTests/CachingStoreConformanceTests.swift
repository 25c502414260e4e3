import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Synchronization
import Testing

/// The store conformance suite against ``CachingStore`` over a ``RESTStore`` and the generic JSON CRUD
/// test server, with an in-memory SQLite cache; the checks a REST API cannot pass are left out as in
/// `RESTStoreConformanceTests` (ordered to-manys, a save refused half-way).
///
/// - `networkFirst`: every read asks the server and writes the answer to the cache.
/// - `cacheOnly`: every read is answered by the cache alone, which holds only what saves wrote to it: the
///   cache must answer fetches, predicates, counts and relationships as the server would.
/// - `offline`: `networkFirst` with the server stopped before the store opens: every save waits in the
///   outbox, every read falls back to the cache.
@Suite(.testServerSlot) struct CachingStoreConformanceTests {
    static let notApplicable: Set<StoreConformance.Check> = [.orderedToMany, .mergingKeepsPendingOrder, .atomicFailedSave]
    static let checks = StoreConformance.Check.allCases.filter { !notApplicable.contains($0) }

    @Test(arguments: checks)
    func networkFirst(_ check: StoreConformance.Check) async throws {
        try await run(check, policy: .networkFirst)
    }

    @Test(arguments: checks)
    func cacheOnly(_ check: StoreConformance.Check) async throws {
        try await run(check, policy: .cacheOnly)
    }

    @Test(arguments: checks)
    func offline(_ check: StoreConformance.Check) async throws {
        try await StoreConformance { model in
            let mappings = MusicREST.mappings(for: model)
            let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: mappings))
            await server.stop()
            var configuration = MusicREST.configuration(for: model, mappings: mappings)
            configuration.retry = .none
            let remote = try RESTStore(model: model, baseURL: server.baseURL, transport: URLSessionTransport(timeout: 60), configuration: configuration)
            return try await CachingStore(remote: remote, cache: .inMemory)
        }.run(check)
    }

    private func run(_ check: StoreConformance.Check, policy: CachePolicy) async throws {
        let servers = Mutex<[TestServer]>([])
        try await StoreConformance { model in
            let mappings = MusicREST.mappings(for: model)
            let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: mappings))
            servers.withLock { $0.append(server) }
            let remote = try RESTStore(model: model, baseURL: server.baseURL, transport: URLSessionTransport(timeout: 60),
                                       configuration: MusicREST.configuration(for: model, mappings: mappings))
            return try await CachingStore(remote: remote, cache: .inMemory, configuration: CachingStore.Configuration(policy: policy))
        }.run(check)
        for server in servers.withLock({ $0 }) { await server.stop() }
    }
}
