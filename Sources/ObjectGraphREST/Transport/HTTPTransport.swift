import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the REST store sends requests through: one async call per request.
///
/// Implement it to add authentication, logging, retries, or to answer from fixtures in tests. A
/// transport returns every response it receives, whatever its status; it throws only when there is no
/// response (``RESTError/timedOut(method:url:)`` or ``RESTError/connectionFailed(method:url:reason:)``).
///
/// ```swift
/// struct TokenTransport: HTTPTransport {
///     let base = URLSessionTransport()
///     let token: String
///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///         var authorized = request
///         authorized.headers["Authorization"] = "Bearer \(token)"
///         return try await base.send(authorized)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// The default transport: `URLSession` (FoundationNetworking on Linux).
///
/// ```swift
/// let transport = URLSessionTransport(timeout: 10)
/// let response = try await transport.send(HTTPRequest(method: .get, url: url))
/// ```
public struct URLSessionTransport: HTTPTransport {
    /// Seconds to wait for a response before ``RESTError/timedOut(method:url:)``.
    public let timeout: TimeInterval
    private let session: URLSession

    /// Creates a transport with a session made from a copy of `configuration` whose request timeout is `timeout`.
    public init(timeout: TimeInterval = 30, configuration: URLSessionConfiguration = .ephemeral) {
        self.timeout = timeout
        let copy = configuration.copy() as? URLSessionConfiguration ?? configuration
        copy.timeoutIntervalForRequest = timeout
        self.session = URLSession(configuration: copy)
    }

    /// Sends `request` with `URLSession`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError where error.code == .timedOut {
            throw RESTError.timedOut(method: request.method.rawValue, url: request.url.absoluteString)
        } catch {
            throw RESTError.connectionFailed(method: request.method.rawValue, url: request.url.absoluteString,
                                             reason: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw RESTError.connectionFailed(method: request.method.rawValue, url: request.url.absoluteString,
                                             reason: "the response is not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
