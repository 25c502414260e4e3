import Foundation
import Synchronization

/// Sends the store's requests: JSON in and out, statuses checked, at most a fixed number at once,
/// pages followed; counts every request.
struct RESTClient: Sendable {
    let transport: any HTTPTransport
    let urls: URLBuilder
    let pagination: RESTPagination
    /// The longest response body accepted, in bytes.
    let maximumResponseSize: Int
    private let limiter: RequestLimiter
    private let counter = Counter()

    init(transport: any HTTPTransport, urls: URLBuilder, pagination: RESTPagination, maxConcurrentRequests: Int, maximumResponseSize: Int) {
        self.transport = transport
        self.urls = urls
        self.pagination = pagination
        self.maximumResponseSize = maximumResponseSize
        self.limiter = RequestLimiter(limit: maxConcurrentRequests)
    }

    /// The number of requests sent so far.
    var requestCount: Int { counter.value.withLock { $0 } }

    /// Sends one request; returns the parsed body (`nil` when empty) and the response.
    /// - Throws: ``RESTError/validationFailed(method:url:message:errors:)`` for a 422 with a JSON
    ///   `message`, ``RESTError/httpStatus(status:method:url:body:)`` for other statuses outside 2xx, transport
    ///   errors, ``RESTError/responseTooLarge(method:url:limit:)`` for a body over ``maximumResponseSize``,
    ///   ``RESTError/malformedDocument(url:reason:excerpt:)`` for a body that is not JSON.
    func send(_ method: HTTPMethod, _ url: URL, body: JSONValue? = nil) async throws -> (JSONValue?, HTTPResponse) {
        var request = HTTPRequest(method: method, url: url, headers: ["Accept": "application/json"],
                                  maximumResponseSize: maximumResponseSize)
        if let body {
            request.body = body.data
            request.headers["Content-Type"] = "application/json"
        }
        counter.value.withLock { $0 += 1 }
        let transport = self.transport
        let prepared = request
        let response = try await limiter.run { try await transport.send(prepared) }
        guard response.body.count <= maximumResponseSize else {
            throw RESTError.responseTooLarge(method: method.rawValue, url: url.absoluteString, limit: maximumResponseSize)
        }
        guard response.isSuccess else {
            if response.status == 422, let refusal = RESTError.validationFailure(in: response.body, method: method, url: url) {
                throw refusal
            }
            throw RESTError.httpStatus(status: response.status, method: method.rawValue, url: url.absoluteString,
                                       body: RESTError.excerpt(response.body))
        }
        let isEmpty = response.body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return (isEmpty ? nil : try JSONValue.parse(response.body, url: url.absoluteString), response)
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

/// A request counter shared by copies of a client.
private final class Counter: Sendable {
    let value = Mutex(0)
}
