import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Synchronization
import Testing

/// The store conformance suite against ``RESTStore`` and the generic JSON CRUD test server, one server
/// per check, with the `Music` fixture model mapped to `/<Entity>` collections (the `Media` hierarchy to
/// one `/Media` collection whose objects name their entity under `type`, so `inheritance` applies).
///
/// Not applicable to a REST API, and why:
/// - `orderedToMany`, `mergingKeepsPendingOrder`: a REST collection lists members in the server's order;
///   the mapping has no way to send positions, so moves and insertions at a position cannot be saved.
/// - `atomicFailedSave`: it expects the store to refuse a uniqueness violation with nothing written;
///   uniqueness is the server's business, and HTTP has no transactions, so a save refused half-way
///   cannot be undone on the server (the context still keeps its changes; see `ErrorTests`).
@Suite(.testServerSlot) struct RESTStoreConformanceTests {
    static let notApplicable: Set<StoreConformance.Check> = [.orderedToMany, .mergingKeepsPendingOrder, .atomicFailedSave]
    static let checks = StoreConformance.Check.allCases.filter { !notApplicable.contains($0) }

    @Test(arguments: checks)
    func restStoreConformance(_ check: StoreConformance.Check) async throws {
        let servers = ServerKeeper()
        try await StoreConformance { model in
            let mappings = MusicREST.mappings(for: model)
            let server = try await TestServer.start(GenericCRUDAPI(model: model, mappings: mappings))
            servers.add(server)
            return try RESTStore(model: model, baseURL: server.baseURL, configuration: MusicREST.configuration(for: model, mappings: mappings))
        }.run(check)
        await servers.stopAll()
    }
}

/// The servers a check started.
final class ServerKeeper: Sendable {
    private let servers = Mutex<[TestServer]>([])

    func add(_ server: TestServer) { servers.withLock { $0.append(server) } }

    func stopAll() async {
        for server in servers.withLock({ $0 }) { await server.stop() }
    }
}
