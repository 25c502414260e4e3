import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import ObjectGraphSQLite
import RESTTestServer

/// A generic CRUD server for the `Music` model, a plain REST store that writes to it behind the caching
/// store's back, and caching stores over it.
struct MusicServer {
    let server: TestServer
    let model = MusicModel.model.schema
    let mappings: [String: RESTEntityMapping]

    static func start() async throws -> MusicServer {
        let mappings = MusicREST.mappings(for: MusicModel.model.schema)
        return MusicServer(server: try await TestServer.start(GenericCRUDAPI(model: MusicModel.model.schema, mappings: mappings)), mappings: mappings)
    }

    /// A REST store without retries and, unless given an `objectCache` policy, without its own object
    /// cache, so every read reaches the server; without conditional requests unless `conditional`.
    func remote(transport: any HTTPTransport = URLSessionTransport(timeout: 60), conditional: Bool = false,
                objectCache: RESTObjectCachePolicy = RESTObjectCachePolicy(maximumAge: .zero)) throws -> RESTStore {
        var configuration = MusicREST.configuration(for: model, mappings: mappings)
        configuration.retry = .none
        configuration.objectCache = objectCache
        if !conditional { configuration.conditionalRequestCacheSize = 0 }
        return try RESTStore(model: model, baseURL: server.baseURL, transport: transport, configuration: configuration)
    }

    /// A caching store over a new ``remote()``.
    func cachingStore(
        _ location: SQLiteStore.Location = .inMemory, transport: any HTTPTransport = URLSessionTransport(timeout: 60),
        configuration: CachingStore.Configuration = .init(initialReplayDelay: .milliseconds(20), maximumReplayDelay: .milliseconds(200))
    ) async throws -> CachingStore {
        try await CachingStore(remote: try remote(transport: transport), cache: location, configuration: configuration)
    }

    /// The names of the bands on the server, in creation order.
    func bandNamesOnServer() async throws -> [String] {
        try await remote().fetch(StoreFetchRequest(entityName: "Band")).strings(at: 0)
    }

    /// Saves bands named `names` (and, for each, `albums` albums) through a plain REST store.
    @discardableResult
    func seed(bands names: [String], albums: Int = 0) async throws -> ObjectContext {
        let context = try ObjectContext(store: try remote(), model: MusicModel.model)
        for name in names {
            let band = Band(context: context, name: name)
            for number in 0..<albums {
                let album = Album(context: context, title: "\(name) \(number + 1)")
                album.setBand(band)
            }
        }
        try await context.save()
        return context
    }
}

/// A temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let path = FileManager.default.temporaryDirectory.appending(path: "cache-tests-\(UUID().uuidString)").path()

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension Array where Element == Snapshot {
    /// The values of attribute `index`, as strings.
    func strings(at index: Int) -> [String] {
        map { snapshot in
            if case .string(let text) = snapshot.values[index] { return text }
            return "\(snapshot.values[index])"
        }
    }
}
