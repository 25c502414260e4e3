import Foundation
import ObjectGraphREST
import Synchronization

/// A transport that fails every request with ``ObjectGraphREST/RESTError/connectionFailed(method:url:reason:)``
/// while ``isOffline``, as a device without network does, and sends through ``ObjectGraphREST/URLSessionTransport``
/// otherwise: for tests and benchmarks of offline behaviour.
///
/// ```swift
/// let transport = SwitchableTransport(offline: true)
/// let store = try RESTStore(model: model, baseURL: server.baseURL, transport: transport)
/// transport.isOffline = false
/// ```
public final class SwitchableTransport: HTTPTransport {
    private let base: URLSessionTransport
    private let offline: Atomic<Bool>

    /// Creates a transport, offline or not, whose requests time out after `timeout` seconds.
    public init(offline: Bool = false, timeout: TimeInterval = 60) {
        self.offline = Atomic(offline)
        self.base = URLSessionTransport(timeout: timeout)
    }

    /// Whether requests fail as they do without network.
    public var isOffline: Bool {
        get { offline.load(ordering: .sequentiallyConsistent) }
        set { offline.store(newValue, ordering: .sequentiallyConsistent) }
    }

    /// Sends `request`, or fails with a connection error while offline.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if isOffline { throw RESTError.connectionFailed(method: request.method.rawValue, url: request.url.absoluteString, reason: "offline") }
        return try await base.send(request)
    }
}
