import Foundation
import ObjectGraphREST

/// A request as the test APIs see it: method, path as sent and as percent-decoded segments, query,
/// header fields and body.
public struct ServerRequest: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The path as sent, percent-escapes and all (`/repos/a%2Fb`).
    public let path: String
    /// The path split at `/`, then each part percent-decoded, as GitHub routes: an escaped `/` never
    /// separates segments (`/repos/a%2Fb` gives `["repos", "a/b"]`, `/repos/a/b` gives `["repos", "a", "b"]`).
    public let segments: [String]
    /// Query parameters.
    public let query: [String: String]
    /// Header fields by lowercased name.
    public let headers: [String: String]
    /// The body.
    public let body: Data

    /// Creates a request for `path` (percent-escaped as sent).
    public init(method: String, path: String, query: [String: String], headers: [String: String] = [:], body: Data) {
        self.method = method
        self.path = path
        self.segments = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
        self.body = body
    }

    /// The path and the query parameters in name order: what identifies the resource a `GET` reads.
    public var resource: String {
        query.isEmpty ? path : path + "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }

    /// `METHOD /path` with the path as sent, for logs and fault keys.
    public var line: String { "\(method) \(path)" }

    /// The body as a JSON object, or `nil`.
    public var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}

/// A response of a test API: the store's own response type, so both sides agree on its shape.
public typealias ServerResponse = ObjectGraphREST.HTTPResponse

extension ServerResponse {
    /// A JSON response.
    public static func json(_ value: Any, status: Int = 200, headers: [String: String] = [:]) -> ServerResponse {
        let body = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return ServerResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: body)
    }

    /// A JSON error document with `status`.
    public static func error(_ status: Int, _ message: String) -> ServerResponse {
        json(["message": message], status: status)
    }

    /// 404 Not Found.
    public static let notFound = error(404, "Not Found")
}

/// One page of `items` selected by `offset`/`limit` or `page`/`per_page` query parameters, with a
/// `Link: <…>; rel="next"` header when more follow (as GitHub does).
public func page(_ items: [Any], of request: ServerRequest, defaultSize: Int = 30) -> ServerResponse {
    let size = max(1, request.query["limit"].flatMap(Int.init) ?? request.query["per_page"].flatMap(Int.init) ?? defaultSize)
    let usesPages = request.query["offset"] == nil && request.query["limit"] == nil
    let pageNumber = max(1, request.query["page"].flatMap(Int.init) ?? 1)
    let start = usesPages ? (pageNumber - 1) * size : max(0, request.query["offset"].flatMap(Int.init) ?? 0)
    let slice = Array(items.dropFirst(start).prefix(size))
    var headers: [String: String] = [:]
    if start + size < items.count {
        var query = request.query
        if usesPages {
            query["page"] = String(pageNumber + 1)
            query["per_page"] = String(size)
        } else {
            query["offset"] = String(start + size)
            query["limit"] = String(size)
        }
        let text = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.value)" }
        headers["Link"] = "<\(request.path)?\(text.joined(separator: "&"))>; rel=\"next\""
    }
    return .json(slice, headers: headers)
}
