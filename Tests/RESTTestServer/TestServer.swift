import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A FlyingFox HTTP server on 127.0.0.1 and an ephemeral port that serves one ``TestAPI``, counts
/// requests, injects faults, and behaves as GitHub does over HTTP (``ServerOptions``): `ETag` and
/// `Last-Modified` on `GET` responses, `304 Not Modified` for conditional requests, and a rate limit.
/// It honours `Idempotency-Key` on `POST` and `PATCH` as the IETF HTTPAPI draft describes: the first
/// response is kept under the key and a repeat with the same request gets it again (with
/// `Idempotent-Replayed: true`) without the API acting twice; a repeat with another method, path or body
/// is refused with 422, and one that arrives while the first is in progress with 409.
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

    /// Starts serving `api` on `port` (0: any free port) and returns once the server listens. Starting the
    /// same `api` on the port of a stopped server brings that server back with its data.
    public static func start(_ api: some TestAPI, port: UInt16 = 0, options: ServerOptions = ServerOptions()) async throws -> TestServer {
        let state = ServerState()
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 15, logger: .disabled)
        await server.appendRoute("*") { request in
            let converted = try await ServerRequest(request)
            let fault = state.lock.withLock { state -> ServerFault? in
                state.requests.append(converted.line)
                guard let (fault, remaining) = state.faults[converted.line] else { return nil }
                if let remaining { state.faults[converted.line] = remaining > 1 ? (fault, remaining - 1) : nil }
                return fault
            }
            return try await respond(to: converted, api: api, fault: fault, options: options, state: state)
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

    /// Makes requests `line` (`METHOD /path`, the path as sent) fail with `fault`: the next `times`
    /// ones, or all until ``clearFaults()`` when `times` is `nil`.
    public func inject(_ fault: ServerFault, for line: String, times: Int? = nil) {
        state.lock.withLock { $0.faults[line] = (fault, times) }
    }

    /// Every answer so far as `METHOD /path STATUS`, in the order they were sent.
    public var answers: [String] { state.lock.withLock { $0.answers } }

    /// Removes every fault.
    public func clearFaults() {
        state.lock.withLock { $0.faults = [:] }
    }

    private static func respond(
        to request: ServerRequest, api: some TestAPI, fault: ServerFault?, options: ServerOptions, state: ServerState
    ) async throws -> FlyingFox.HTTPResponse {
        var response: ServerResponse
        switch fault {
        case .status(let status)?:
            response = .error(status, "Injected failure")
        case .refusal(let status, let headers)?:
            response = .error(status, "Injected failure")
            response.headers.merge(headers) { $1 }
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
            response = state.answer(request, api: api)
        case .closeConnection?:
            return FlyingFox.HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"],
                                body: HTTPBodySequence(from: BrokenBody(), count: 4096))
        case .loseResponse?:
            _ = state.answer(request, api: api)
            return FlyingFox.HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"],
                                body: HTTPBodySequence(from: BrokenBody(), count: 4096))
        case nil:
            response = state.answer(request, api: api)
            if request.method == "GET", response.status == 200 {
                response = state.validate(response, for: request, validators: options.validators)
            }
        }
        if let rateLimit = options.rateLimit {
            response = state.limit(response, by: rateLimit)
        }
        state.lock.withLock { $0.answers.append("\(request.line) \(response.status)") }
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
        var answers: [String] = []
        /// Faults by request line, with how many more times each applies (`nil`: until cleared).
        var faults: [String: (ServerFault, Int?)] = [:]
        /// By resource, the `ETag` of its current representation and when that first appeared.
        var versions: [String: (etag: String, since: Date)] = [:]
        /// The current rate-limit window: its end and the requests it counted.
        var window: (end: Date, used: Int)?
        /// By idempotency key, the request it came with and the response kept (nil while in progress).
        var idempotent: [String: (request: String, response: ServerResponse?)] = [:]
    }

    let lock = Mutex(Contents())

    /// The API's answer to `request`, or, for a `POST` or `PATCH` with an `Idempotency-Key` seen before,
    /// the answer kept under the key (422 for a different request under the same key, 409 while the
    /// first is still in progress).
    func answer(_ request: ServerRequest, api: some TestAPI) -> ServerResponse {
        guard ["POST", "PATCH"].contains(request.method), let key = request.headers["idempotency-key"] else {
            return api.respond(to: request)
        }
        let fingerprint = request.line + "\n" + String(decoding: request.body, as: UTF8.self)
        let earlier = lock.withLock { contents -> (String, ServerResponse?)? in
            if let earlier = contents.idempotent[key] { return earlier }
            contents.idempotent[key] = (fingerprint, nil)
            return nil
        }
        if let (first, kept) = earlier {
            guard first == fingerprint else { return .error(422, "Idempotency-Key is already used for another request") }
            guard var replay = kept else { return .error(409, "A request with this Idempotency-Key is in progress") }
            replay.headers["Idempotent-Replayed"] = "true"
            return replay
        }
        let response = api.respond(to: request)
        lock.withLock { contents in
            // A server error is not kept: the request may be sent again and acted on.
            contents.idempotent[key] = response.status >= 500 ? nil : (fingerprint, response)
        }
        return response
    }

    /// `response` with its validators, or `304 Not Modified` when the request's `If-None-Match` (or,
    /// without one, `If-Modified-Since`) shows the client has the current representation.
    func validate(_ response: ServerResponse, for request: ServerRequest, validators: ServerOptions.Validators) -> ServerResponse {
        guard validators != .none else { return response }
        let etag = "\"" + String(Self.fnv1a(response.body), radix: 16) + "\""
        let since = lock.withLock { contents -> Date in
            if let known = contents.versions[request.resource], known.etag == etag { return known.since }
            // HTTP dates have whole seconds: a change is dated at the start of its second.
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            contents.versions[request.resource] = (etag, now)
            return now
        }
        var validated = response
        validated.headers["Last-Modified"] = HTTPDates.format(since)
        if validators == .etagAndLastModified { validated.headers["ETag"] = etag }
        let unchanged: Bool
        if validators == .etagAndLastModified, let tags = request.headers["if-none-match"] {
            unchanged = tags == "*" || tags.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag }
        } else if request.headers["if-none-match"] == nil, let date = request.headers["if-modified-since"].flatMap(HTTPDates.parse) {
            unchanged = since <= date
        } else {
            unchanged = false
        }
        guard unchanged else { return validated }
        return ServerResponse(status: 304, headers: validated.headers.filter { $0.key != "Content-Type" })
    }

    /// `response` counted against `rateLimit` with GitHub's headers, or the 403 refusal when the window's
    /// requests are used up; a 304 is not counted.
    func limit(_ response: ServerResponse, by rateLimit: RateLimit) -> ServerResponse {
        let now = Date()
        let (end, used, refused) = lock.withLock { contents -> (Date, Int, Bool) in
            if contents.window.map({ $0.end <= now }) ?? true {
                contents.window = (now.addingTimeInterval(rateLimit.window), 0)
            }
            let window = contents.window ?? (now, 0)
            if window.used >= rateLimit.limit { return (window.end, window.used, true) }
            if response.status != 304 { contents.window?.used += 1 }
            return (window.end, contents.window?.used ?? 0, false)
        }
        var limited = refused ? ServerResponse.error(403, "API rate limit exceeded") : response
        limited.headers["X-RateLimit-Limit"] = String(rateLimit.limit)
        limited.headers["X-RateLimit-Remaining"] = String(max(0, rateLimit.limit - used))
        limited.headers["X-RateLimit-Used"] = String(used)
        limited.headers["X-RateLimit-Reset"] = String(Int(end.timeIntervalSince1970.rounded(.up)))
        limited.headers["X-RateLimit-Resource"] = "core"
        return limited
    }

    private static func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

/// HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`) for `Last-Modified` and `If-Modified-Since`.
enum HTTPDates {
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    static func format(_ date: Date) -> String { formatter().string(from: date) }
    static func parse(_ text: String) -> Date? { formatter().date(from: text) }
}

extension ServerRequest {
    init(_ request: FlyingFox.HTTPRequest) async throws {
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue] = value }
        self.init(method: request.method.rawValue, path: request.target.path(percentEncoded: true), query: query,
                  headers: headers, body: try await request.bodyData)
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
