import Foundation
import ObjectGraph
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Synchronization

/// Runs `body` with a test server for `api`, stopping the server afterwards.
nonisolated(nonsending) func withServer<T>(
    _ api: some TestAPI, options: ServerOptions = ServerOptions(), _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(api, options: options)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A transport that records what the store sends, over ``URLSessionTransport``.
final class RecordingTransport: HTTPTransport {
    private let base: URLSessionTransport
    private let sent = Mutex<[HTTPRequest]>([])

    init(timeout: TimeInterval = 60) {
        base = URLSessionTransport(timeout: timeout)
    }

    /// Every request sent so far.
    var requests: [HTTPRequest] { sent.withLock { $0 } }

    /// The JSON object keys of the body of the last request with `method`.
    func bodyKeys(ofLast method: HTTPMethod) -> Set<String> {
        guard let body = requests.last(where: { $0.method == method })?.body,
              let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return [] }
        return Set(object.keys)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return try await base.send(request)
    }
}

/// A transport that notes the largest number of requests in flight at once (each held 20 ms).
final class InFlightTransport: HTTPTransport {
    private let base = URLSessionTransport(timeout: 60)
    private let counts = Mutex((current: 0, highest: 0))

    var highest: Int { counts.withLock { $0.highest } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        counts.withLock { counts in
            counts.current += 1
            counts.highest = max(counts.highest, counts.current)
        }
        defer { counts.withLock { $0.current -= 1 } }
        try await Task.sleep(for: .milliseconds(20))
        return try await base.send(request)
    }
}

/// Stores for the example models against a test server.
enum Stores {
    /// GitHub pages with `page`/`per_page` and `Link` headers; one item per page shows paging works.
    static func github(
        _ server: TestServer, transport: any HTTPTransport = URLSessionTransport(timeout: 60), pageSize: Int = 1,
        configure: (inout RESTStore.Configuration) -> Void = { _ in }
    ) throws -> RESTStore {
        var configuration = RESTStore.Configuration(pagination: RESTPagination(style: .page(page: "page", size: "per_page"), pageSize: pageSize))
        configure(&configuration)
        return try RESTStore(model: GitHubModel.model.schema, baseURL: server.baseURL, transport: transport, configuration: configuration)
    }

    /// Bandcamp's band search takes `?name=`.
    static func bandcamp(_ server: TestServer, transport: any HTTPTransport = URLSessionTransport(timeout: 60)) throws -> RESTStore {
        try RESTStore(model: BandcampModel.model.schema, baseURL: server.baseURL, transport: transport, configuration: .init(
            queryParameters: ["Band": ["name": "name"]]))
    }
}
