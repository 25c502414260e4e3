import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A FlyingFox HTTP server on 127.0.0.1 and an ephemeral port that serves one ``TestAPI``, counts
/// requests and injects faults.
///
/// ```swift
/// let server = try await TestServer.start(BandcampAPI())
/// defer { Task { await server.stop() } }
/// let store = try RESTStore(model: BandcampModel.model.schema, baseURL: server.baseURL)
/// ```
public final class TestServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let state: ServerState

    private init(baseURL: URL, server: HTTPServer, task: Task<Void, any Error>, state: ServerState) {
        self.baseURL = baseURL
        self.server = server
        self.task = task
        self.state = state
    }

    /// Starts serving `api` and returns once the server listens.
    public static func start(_ api: some TestAPI) async throws -> TestServer {
        let state = ServerState()
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 15, logger: .disabled)
        await server.appendRoute("*") { request in
            let converted = try await ServerRequest(request)
            let fault = state.lock.withLock { state -> ServerFault? in
                state.requests.append(converted.line)
                return state.faults[converted.line]
            }
            return try await respond(to: converted, api: api, fault: fault)
        }
        let task = Task { try await server.run() }
        // FlyingFox waits 5 s by default; on a loaded machine (many test servers starting at once while
        // other builds run) binding can take longer, which is not what the tests check.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress, let url = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            throw SocketError.unsupportedAddress
        }
        return TestServer(baseURL: url, server: server, task: task, state: state)
    }

    /// Stops listening and closes connections.
    public func stop() async {
        await server.stop()
        task.cancel()
    }

    /// Every request so far as `METHOD /path` (the path percent-escaped as sent, query left out), in arrival order.
    public var requests: [String] { state.lock.withLock { $0.requests } }

    /// Forgets the recorded requests.
    public func resetRequests() {
        state.lock.withLock { $0.requests = [] }
    }

    /// Makes requests `line` (`METHOD /path`, the path as sent) fail with `fault` until ``clearFaults()``.
    public func inject(_ fault: ServerFault, for line: String) {
        state.lock.withLock { $0.faults[line] = fault }
    }

    /// Removes every fault.
    public func clearFaults() {
        state.lock.withLock { $0.faults = [:] }
    }

    private static func respond(to request: ServerRequest, api: some TestAPI, fault: ServerFault?) async throws -> FlyingFox.HTTPResponse {
        let response: ServerResponse
        switch fault {
        case .status(let status)?:
            response = .error(status, "Injected failure")
        case .body(let text)?:
            response = ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        case .bytes(let data)?:
            response = ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
        case .streamed(let prefix, let unit, let count, let suffix)?:
            let body = RepeatingBody(prefix: Array(prefix.utf8), unit: Array(unit.utf8), count: count, suffix: Array(suffix.utf8))
            return FlyingFox.HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .connection: "close"],
                                          body: HTTPBodySequence(from: body, suggestedBufferSize: 64 << 10))
        case .delay(let seconds)?:
            try await Task.sleep(for: .seconds(seconds))
            response = api.respond(to: request)
        case .closeConnection?:
            return FlyingFox.HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"],
                                body: HTTPBodySequence(from: BrokenBody(), count: 4096))
        case nil:
            response = api.respond(to: request)
        }
        var headers = HTTPHeaders()
        for (name, value) in response.headers { headers[HTTPHeader(name)] = value }
        // FlyingFox writes the header and the body separately without TCP_NODELAY; on a kept-alive
        // connection Nagle's algorithm and delayed ACKs then hold every body back ~40 ms.
        headers[.connection] = "close"
        return FlyingFox.HTTPResponse(statusCode: HTTPStatusCode(response.status, phrase: ""), headers: headers, body: response.body)
    }
}

/// What the request handler and the server object share.
private final class ServerState: Sendable {
    struct Contents {
        var requests: [String] = []
        var faults: [String: ServerFault] = [:]
    }

    let lock = Mutex(Contents())
}

extension ServerRequest {
    init(_ request: FlyingFox.HTTPRequest) async throws {
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        self.init(method: request.method.rawValue, path: request.target.path(percentEncoded: true), query: query,
                  body: try await request.bodyData)
    }
}

/// A body that sends a few bytes and then fails, so the server closes the connection mid-response.
private struct BrokenBody: AsyncBufferedSequence {
    typealias Element = UInt8

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        var sent = false

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard !sent else { throw CancellationError() }
            sent = true
            return Array(#"{"results": ["#.utf8)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

/// A body of `prefix`, `unit` repeated `count` times and `suffix`, produced buffer by buffer.
private struct RepeatingBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let prefix: [UInt8]
    let unit: [UInt8]
    let count: Int
    let suffix: [UInt8]

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        let body: RepeatingBody
        /// 0: prefix, 1: units, 2: suffix, 3: done.
        var part = 0
        var unitsSent = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            while true {
                switch part {
                case 0:
                    part = 1
                    if !body.prefix.isEmpty { return body.prefix }
                case 1:
                    guard unitsSent < body.count, !body.unit.isEmpty else {
                        part = 2
                        continue
                    }
                    let units = Swift.min(body.count - unitsSent, Swift.max(1, (64 << 10) / body.unit.count))
                    unitsSent += units
                    var buffer: [UInt8] = []
                    buffer.reserveCapacity(units * body.unit.count)
                    for _ in 0..<units { buffer += body.unit }
                    return buffer
                case 2:
                    part = 3
                    if !body.suffix.isEmpty { return body.suffix }
                default:
                    return nil
                }
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: self) }
}
