import Foundation

/// The HTTP methods the REST store uses.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// Read a resource or a list.
    case get = "GET"
    /// Create a resource.
    case post = "POST"
    /// Change some fields of a resource.
    case patch = "PATCH"
    /// Replace a resource.
    case put = "PUT"
    /// Delete a resource.
    case delete = "DELETE"
}

/// One HTTP request as the store hands it to an ``HTTPTransport``.
///
/// ```swift
/// let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:8080/users/octocat")!)
/// ```
public struct HTTPRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// Header fields (the store sets `Accept` and, with a body, `Content-Type`).
    public var headers: [String: String]
    /// The body, for POST, PATCH and PUT.
    public var body: Data?
    /// The longest response body the caller accepts, in bytes (`nil`: any). A transport should stop
    /// reading a longer one and throw ``RESTError/responseTooLarge(method:url:limit:)``; the store
    /// checks again whatever a transport returns.
    public var maximumResponseSize: Int?

    /// Creates a request.
    public init(method: HTTPMethod, url: URL, headers: [String: String] = [:], body: Data? = nil, maximumResponseSize: Int? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maximumResponseSize = maximumResponseSize
    }
}

/// One HTTP response: any status (a 404 is a response, not a transport error).
///
/// ```swift
/// let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("[]".utf8))
/// response.isSuccess  // true
/// ```
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields; names are matched case-insensitively by ``header(_:)``.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The value of the header field `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
