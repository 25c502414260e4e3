import Foundation
import ObjectGraph

/// Builds request URLs: a base URL, a ``RESTPath`` with its placeholders filled and percent-escaped,
/// and query parameters.
struct URLBuilder: Sendable {
    let baseURL: URL

    /// Characters left as they are in substituted values and query parameters (RFC 3986 unreserved).
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The URL of `template` for an object, asking `value` for each placeholder's key path.
    /// - Throws: ``RESTError/unresolvedPlaceholder(entity:template:keyPath:)`` when a value is unknown or null.
    func url(
        _ template: RESTPath, entity: String, query: [(String, String)] = [],
        value: ([String]) throws(RESTError) -> AttributeValue?
    ) throws(RESTError) -> URL {
        var path = ""
        for segment in template.segments {
            switch segment {
            case .literal(let text):
                path += text
            case .value(let keyPath):
                guard let filled = try value(keyPath).flatMap(ValueCoding.text) else {
                    throw .unresolvedPlaceholder(entity: entity, template: template.description, keyPath: keyPath.joined(separator: "."))
                }
                path += Self.escape(filled)
            }
        }
        return try appending(query, to: path, entity: entity)
    }

    /// `url` with more query parameters.
    func adding(_ query: [(String, String)], to url: URL) -> URL {
        guard !query.isEmpty else { return url }
        let separator = url.query == nil ? "?" : "&"
        return URL(string: url.absoluteString + separator + Self.queryString(query)) ?? url
    }

    /// The absolute URL of a `Link` header target, which may be relative to the base URL.
    func resolve(_ reference: String) -> URL? {
        URL(string: reference, relativeTo: baseURL)?.absoluteURL
    }

    private func appending(_ query: [(String, String)], to path: String, entity: String) throws(RESTError) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path) else {
            throw .invalidMapping(entity: entity, reason: "\(base + path) is not a URL")
        }
        return adding(query, to: url)
    }

    private static func queryString(_ query: [(String, String)]) -> String {
        query.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
