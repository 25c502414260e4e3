import Foundation
import Synchronization

/// Sends the store's requests: JSON in and out, the configured headers, conditional `GET`s, rate limits
/// respected before sending, idempotent requests retried, statuses checked, at most a fixed number at
/// once, pages followed; counts what it sends.
final class RESTClient: Sendable {
    let transport: any HTTPTransport
    let urls: URLBuilder
    let pagination: RESTPagination
    /// The longest response body accepted, in bytes.
    let maximumResponseSize: Int
    private let headers: [String: String]
    private let headerProvider: (@Sendable () async throws -> [String: String])?
    private let retry: RetryPolicy
    private let maximumRateLimitWait: Duration
    private let idempotencyKeyHeader: String?
    private let limiter: RequestLimiter
    private let gate = RateLimitGate()
    private let validators: ConditionalRequestCache
    private let counts = Mutex(RESTStatistics())

    init(transport: any HTTPTransport, urls: URLBuilder, configuration: RESTStore.Configuration) {
        self.transport = transport
        self.urls = urls
        self.pagination = configuration.pagination
        self.maximumResponseSize = configuration.maximumResponseSize
        self.headers = configuration.headers
        self.headerProvider = configuration.headerProvider
        self.retry = configuration.retry
        self.maximumRateLimitWait = configuration.maximumRateLimitWait
        self.idempotencyKeyHeader = configuration.idempotencyKeyHeader
        self.limiter = RequestLimiter(limit: configuration.maxConcurrentRequests)
        self.validators = ConditionalRequestCache(capacity: configuration.conditionalRequestCacheSize)
    }

    /// What was sent so far.
    var statistics: RESTStatistics { counts.withLock { $0 } }

    /// Sends one request; returns the parsed body (`nil` when empty) and the response. A `304 Not
    /// Modified` answer to a conditional `GET` returns the body cached with the validator.
    /// - Throws: ``RESTError/validationFailed(method:url:message:errors:)`` for a 422 with a JSON
    ///   `message`, ``RESTError/rateLimited(method:url:retryAfter:)`` when a rate limit refuses the
    ///   request or would hold it back longer than the configured wait,
    ///   ``RESTError/httpStatus(status:method:url:body:)`` for other statuses outside 2xx, transport
    ///   errors, ``RESTError/responseTooLarge(method:url:limit:)`` for a body over ``maximumResponseSize``,
    ///   ``RESTError/malformedDocument(url:reason:excerpt:)`` for a body that is not JSON.
    /// `idempotencyKey`, for a `POST`, is sent as the configured idempotency header; with it, the
    /// policy may send the `POST` again (``RetryPolicy/retriesKeyedPOSTs``).
    func send(
        _ method: HTTPMethod, _ url: URL, body: JSONValue? = nil, idempotencyKey: String? = nil
    ) async throws -> (JSONValue?, HTTPResponse) {
        var request = try await prepare(method, url, body: body)
        var repeatable = RetryPolicy.isIdempotent(method)
        if let idempotencyKey, let header = idempotencyKeyHeader {
            request.headers[header] = idempotencyKey
            repeatable = repeatable || retry.retriesKeyedPOSTs
        }
        let retries = repeatable ? retry.maximumAttempts : 1
        var generator = SystemRandomNumberGenerator()
        var attempt = 1
        while true {
            try await waitForRateLimit(method, url)
            counts.withLock { $0.requests += 1 }
            let response: HTTPResponse
            do {
                response = try await limiter.run { [transport, request] in try await transport.send(request) }
            } catch let error as RESTError where attempt < retries && error.isPassing {
                attempt += 1
                counts.withLock { $0.retries += 1 }
                try await Task.sleep(for: retry.delay(beforeAttempt: attempt, using: &generator))
                continue
            }
            let closedFor = gate.record(response)
            let refusedByLimit = RateLimitGate.isRateLimitRefusal(response)
            if attempt < retries, retry.retriedStatuses.contains(response.status) || refusedByLimit {
                attempt += 1
                counts.withLock { $0.retries += 1 }
                // The gate holds the next attempt for the server's wait; sleep only what the backoff adds.
                let backoff = retry.delay(beforeAttempt: attempt, using: &generator) - .seconds(closedFor)
                if backoff > .zero { try await Task.sleep(for: backoff) }
                continue
            }
            if refusedByLimit {
                throw RESTError.rateLimited(method: method.rawValue, url: url.absoluteString, retryAfter: max(closedFor, gate.wait()))
            }
            return try interpret(response, to: request)
        }
    }

    /// The request with the configured and provided headers, JSON headers and body, and, for a `GET`,
    /// the validators of a cached response.
    private func prepare(_ method: HTTPMethod, _ url: URL, body: JSONValue?) async throws -> HTTPRequest {
        var request = HTTPRequest(method: method, url: url, headers: headers, maximumResponseSize: maximumResponseSize)
        if let headerProvider {
            request.headers.merge(try await headerProvider()) { $1 }
        }
        request.headers["Accept"] = "application/json"
        if let body {
            request.body = body.data
            request.headers["Content-Type"] = "application/json"
        }
        if method == .get {
            request.headers.merge(validators.conditions(for: url)) { $1 }
        }
        return request
    }

    /// Waits while the server's rate limit is exhausted.
    /// - Throws: ``RESTError/rateLimited(method:url:retryAfter:)`` when the wait is longer than the
    ///   configured maximum.
    private func waitForRateLimit(_ method: HTTPMethod, _ url: URL) async throws {
        let wait = gate.wait()
        guard wait > 0 else { return }
        guard .seconds(wait) <= maximumRateLimitWait else {
            throw RESTError.rateLimited(method: method.rawValue, url: url.absoluteString, retryAfter: wait)
        }
        try await Task.sleep(for: .seconds(wait))
    }

    /// The parsed body of a final response.
    private func interpret(_ response: HTTPResponse, to request: HTTPRequest) throws -> (JSONValue?, HTTPResponse) {
        let method = request.method, url = request.url
        guard response.body.count <= maximumResponseSize else {
            throw RESTError.responseTooLarge(method: method.rawValue, url: url.absoluteString, limit: maximumResponseSize)
        }
        var body = response.body
        if method == .get, response.status == 304 || response.isSuccess {
            guard let reused = validators.body(for: response, of: url) else {
                throw RESTError.httpStatus(status: 304, method: method.rawValue, url: url.absoluteString,
                                           body: "Not Modified, but no response of this URL is cached")
            }
            if response.status == 304 { counts.withLock { $0.notModified += 1 } }
            body = reused
        } else if response.isSuccess {
            validators.forget(url)
        } else {
            if response.status == 422, let refusal = RESTError.validationFailure(in: response.body, method: method, url: url) {
                throw refusal
            }
            throw RESTError.httpStatus(status: response.status, method: method.rawValue, url: url.absoluteString,
                                       body: RESTError.excerpt(response.body))
        }
        let isEmpty = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return (isEmpty ? nil : try JSONValue.parse(body, url: url.absoluteString), response)
    }

    /// The items of a list, page after page: `skip` leading items dropped, at most `limit` kept (all
    /// when `nil`). `items` extracts a page's items from its document.
    func list(
        _ url: URL, skip: Int = 0, limit: Int? = nil,
        items: (JSONValue, String) throws(RESTError) -> [JSONValue]
    ) async throws -> [JSONValue] {
        var collected: [JSONValue] = []
        var (next, localSkip, offset, page) = firstPage(url, skip: skip, limit: limit)
        var followsLinks = false
        for _ in 0..<pagination.maxPages {
            guard let current = next else { break }
            let (document, response) = try await send(.get, current)
            let found = try items(document ?? .array([]), current.absoluteString)
            collected += found
            if let limit, collected.count - localSkip >= limit { break }
            if pagination.followsLinkHeaders, let link = response.header("Link").flatMap(RESTPagination.nextLink) {
                next = urls.resolve(link)
                followsLinks = true
                continue
            }
            if followsLinks { break }
            offset += found.count
            page += 1
            next = found.count < pagination.pageSize ? nil : pageURL(url, offset: offset, page: page, limit: limit.map { $0 + localSkip - collected.count })
        }
        let window = collected.dropFirst(localSkip)
        return Array(limit.map { window.prefix(max(0, $0)) } ?? window)
    }

    /// The first page's URL, the items to drop from the collected ones, and the starting offset and page.
    private func firstPage(_ url: URL, skip: Int, limit: Int?) -> (URL?, Int, Int, Int) {
        let skip = max(0, skip)
        switch pagination.style {
        case .none:
            return (url, skip, 0, 0)
        case .offset:
            return (pageURL(url, offset: skip, page: 0, limit: limit), 0, skip, 0)
        case .page(_, _, let first):
            let page = first + skip / pagination.pageSize
            return (pageURL(url, offset: 0, page: page, limit: nil), skip % pagination.pageSize, 0, page)
        }
    }

    private func pageURL(_ url: URL, offset: Int, page: Int, limit: Int?) -> URL? {
        switch pagination.style {
        case .none:
            return nil
        case .offset(let offsetName, let limitName):
            let size = min(pagination.pageSize, limit ?? pagination.pageSize)
            return urls.adding([(offsetName, String(offset)), (limitName, String(size))], to: url)
        case .page(let pageName, let sizeName, _):
            return urls.adding([(pageName, String(page)), (sizeName, String(pagination.pageSize))], to: url)
        }
    }
}
