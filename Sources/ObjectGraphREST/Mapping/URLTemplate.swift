import Foundation
import ObjectGraph

/// Builds request URLs: a base URL, a ``RESTPath`` with its placeholders filled and percent-escaped,
/// and query parameters.
///
/// A ``RESTPath/Segment/value(_:)`` in the path is path text: everything but RFC 3986 path characters
/// is escaped and `/` is kept (`octocat/Hello-World` → `octocat/Hello-World`, `a b?` → `a%20b%3F`); a
/// ``RESTPath/Segment/segment(_:)`` also escapes `/` (`a/b` → `a%2Fb`). After the template's `?`, every
/// value is escaped as a query value (only unreserved characters kept).
struct URLBuilder: Sendable {
    let baseURL: URL

    /// Characters left as they are in query values and one-segment values (RFC 3986 unreserved).
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// Characters left as they are in a one-segment value: `pchar` of RFC 3986 (unreserved,
    /// sub-delimiters, `:` and `@`).
    private static let segmentCharacters = unreserved.union(CharacterSet(charactersIn: "!$&'()*+,;=:@"))

    /// The URL of `template` for an object, asking `value` for each placeholder's key path.
    /// - Throws: ``RESTError/unresolvedPlaceholder(entity:template:keyPath:)`` when a value is unknown or null.
    func url(
        _ template: RESTPath, entity: String, query: [(String, String)] = [],
        value: ([String]) throws(RESTError) -> AttributeValue?
    ) throws(RESTError) -> URL {
        try url(template, entity: entity, query: query) { _, keyPath throws(RESTError) in try value(keyPath) }
    }

    /// The URL of `path` for an object, asking `value` for each resolved placeholder.
    /// - Throws: ``RESTError/unresolvedPlaceholder(entity:template:keyPath:)`` when a value is unknown or null.
    func url(
        _ path: CompiledPath, entity: String, value: (ResolvedKeyPath) throws(RESTError) -> AttributeValue?
    ) throws(RESTError) -> URL {
        try url(path.template, entity: entity, query: []) { placeholder, _ throws(RESTError) in try value(path.placeholders[placeholder]) }
    }

    /// The URL of `template`, asking `value` for each placeholder by its position among the placeholders
    /// and its key path.
    private func url(
        _ template: RESTPath, entity: String, query: [(String, String)],
        value: (Int, [String]) throws(RESTError) -> AttributeValue?
    ) throws(RESTError) -> URL {
        var path = ""
        var inQuery = false
        var placeholder = 0
        for segment in template.segments {
            switch segment {
            case .literal(let text):
                path += text
                inQuery = inQuery || text.contains("?")
            case .value(let keyPath), .segment(let keyPath):
                defer { placeholder += 1 }
                guard let filled = try value(placeholder, keyPath).flatMap(ValueCoding.text) else {
                    throw .unresolvedPlaceholder(entity: entity, template: template.description, keyPath: keyPath.joined(separator: "."))
                }
                let isPathText = if case .value = segment { !inQuery } else { false }
                path += isPathText ? Self.escapePathText(filled) : inQuery ? Self.escape(filled) : Self.escapeSegment(filled)
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

    /// `text` as a query name or value: only unreserved characters kept.
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// `text` as one path segment: `/`, `?`, `#`, `%` and other characters a segment may not hold
    /// escaped, and a value of `.` or `..` escaped so that it names no other path.
    static func escapeSegment(_ text: String) -> String {
        guard text != ".", text != ".." else { return String(repeating: "%2E", count: text.count) }
        return text.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? text
    }

    /// `text` as path text: as ``escapeSegment(_:)`` for each part between `/`, which is kept.
    static func escapePathText(_ text: String) -> String {
        text.split(separator: "/", omittingEmptySubsequences: false).map { escapeSegment(String($0)) }.joined(separator: "/")
    }
}
