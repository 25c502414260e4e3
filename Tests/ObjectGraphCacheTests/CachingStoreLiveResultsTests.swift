import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Synchronization
import Testing

/// Live results over ``CachingStore`` (`networkFirst`, in-memory cache) and the generic JSON CRUD test
/// server: saves go through the outbox and reach observers through the caching store's change stream. The
/// differential check runs seeds 1–3 of 200 steps each.
@Test(.testServerSlot, .timeLimit(.minutes(5)), arguments: LiveResultsConformance.Check.allCases)
func cachingStoreLiveResults(_ check: LiveResultsConformance.Check) async throws {
    let servers = Mutex<[TestServer]>([])
    try await LiveResultsConformance(differentialSteps: 200, differentialSeeds: [1, 2, 3]) { model in
        let mappings = MusicREST.mappings(for: model)
        let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: mappings))
        servers.withLock { $0.append(server) }
        var configuration = MusicREST.configuration(for: model, mappings: mappings)
        configuration.pagination.pageSize = 100
        let remote = try RESTStore(model: model, baseURL: server.baseURL, transport: URLSessionTransport(timeout: 60), configuration: configuration)
        return try await CachingStore(remote: remote, cache: .inMemory)
    }.run(check)
    for server in servers.withLock({ $0 }) { await server.stop() }
}

