import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

/// Live results against ``RESTStore`` and the generic JSON CRUD test server: the diffs, the by-name API,
/// the end of the updates, and the randomized differential test, whose changes reach the observing
/// context through the store's change stream like any other store's. Lists are paged by 100 here (the
/// conformance suite pages by 3 to test paging), so the differential's fetches stay a few requests each;
/// it runs 300 steps instead of 1,000, as each step makes about twenty HTTP round trips.
@Test(.testServerSlot, .timeLimit(.minutes(5)), arguments: LiveResultsConformance.Check.allCases)
func restLiveResults(_ check: LiveResultsConformance.Check) async throws {
    let servers = ServerKeeper()
    try await LiveResultsConformance(differentialSteps: 300) { model in
        let mappings = MusicREST.mappings(for: model)
        let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: mappings))
        servers.add(server)
        var configuration = MusicREST.configuration(for: model, mappings: mappings)
        configuration.pagination.pageSize = 100
        return try RESTStore(model: model, baseURL: server.baseURL, configuration: configuration)
    }.run(check)
    await servers.stopAll()
}
