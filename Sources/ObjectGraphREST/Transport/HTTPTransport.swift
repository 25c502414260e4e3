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
/// Bodies are received as a stream: one longer than the request's ``HTTPRequest/maximumResponseSize``
/// (or announcing such a `Content-Length`) is cancelled as soon as it passes the limit, so a huge or
/// endless response costs at most the limit in memory.
///
/// ```swift
/// let transport = URLSessionTransport(timeout: 10)
/// let response = try await transport.send(HTTPRequest(method: .get, url: url))
/// ```
public struct URLSessionTransport: HTTPTransport {
    /// Seconds to wait for a response before ``RESTError/timedOut(method:url:)``.
    public let timeout: TimeInterval
    private let session: URLSession
    private let receiver: BodyReceiver

    /// Creates a transport with a session made from a copy of `configuration` whose request timeout is `timeout`.
    public init(timeout: TimeInterval = 30, configuration: URLSessionConfiguration = .ephemeral) {
        self.timeout = timeout
        let copy = configuration.copy() as? URLSessionConfiguration ?? configuration
        copy.timeoutIntervalForRequest = timeout
        let receiver = BodyReceiver()
        self.receiver = receiver
        self.session = URLSession(configuration: copy, delegate: receiver, delegateQueue: nil)
    }

    /// Sends `request` with `URLSession`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let method = request.method.rawValue
        let url = request.url.absoluteString
        let received: BodyReceiver.Received
        do {
            received = try await receiver.receive(session.dataTask(with: urlRequest), limit: request.maximumResponseSize)
        } catch let error as RESTError {
            throw error
        } catch BodyReceiver.Failure.tooLarge(let limit) {
            throw RESTError.responseTooLarge(method: method, url: url, limit: limit)
        } catch let error as URLError where error.code == .timedOut {
            throw RESTError.timedOut(method: method, url: url)
        } catch {
            throw RESTError.connectionFailed(method: method, url: url, reason: error.localizedDescription)
        }
        guard let http = received.response as? HTTPURLResponse else {
            throw RESTError.connectionFailed(method: method, url: url, reason: "the response is not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: received.body)
    }
}

/// The session delegate of a ``URLSessionTransport``: collects each task's body, cancelling a task whose
/// body passes its limit, and resumes the task's caller when it completes.
private final class BodyReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Received {
        let response: URLResponse?
        let body: Data
    }

    enum Failure: Error {
        case tooLarge(Int)
    }

    private struct Pending {
        let continuation: CheckedContinuation<Received, any Error>
        let limit: Int?
        var response: URLResponse?
        var body = Data()
        var failure: Failure?
    }

    /// Pending tasks by task identifier; every access holds the lock.
    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    func receive(_ task: URLSessionDataTask, limit: Int?) async throws -> Received {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation, limit: limit) }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allowed = lock.withLock { () -> Bool in
            pending[dataTask.taskIdentifier]?.response = response
            guard let limit = pending[dataTask.taskIdentifier]?.limit, response.expectedContentLength > Int64(limit) else { return true }
            pending[dataTask.taskIdentifier]?.failure = .tooLarge(limit)
            return false
        }
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel = lock.withLock { () -> Bool in
            guard var entry = pending[dataTask.taskIdentifier], entry.failure == nil else { return false }
            if let limit = entry.limit, entry.body.count + data.count > limit {
                entry.failure = .tooLarge(limit)
                entry.body = Data()
                pending[dataTask.taskIdentifier] = entry
                return true
            }
            pending[dataTask.taskIdentifier] = nil
            entry.body.append(data)
            pending[dataTask.taskIdentifier] = entry
            return false
        }
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = entry.failure {
            entry.continuation.resume(throwing: failure)
        } else if let error {
            entry.continuation.resume(throwing: error)
        } else {
            entry.continuation.resume(returning: Received(response: entry.response ?? task.response, body: entry.body))
        }
    }
}
