/// How an API pages its lists, so `limit`/`offset` of a fetch become query parameters and a fetch that
/// needs more follows the next page.
///
/// A response's `Link: <…>; rel="next"` header wins when ``followsLinkHeaders`` is set; without one the
/// next page is computed from the style while pages come back full.
///
/// ```swift
/// // GitHub: ?page=2&per_page=100 and Link headers.
/// let github = RESTPagination(style: .page(page: "page", size: "per_page"), pageSize: 100)
/// // ?offset=40&limit=20
/// let offsets = RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 20)
/// ```
public struct RESTPagination: Sendable, Hashable {
    /// The query parameters that select a page.
    public enum Style: Sendable, Hashable {
        /// No paging parameters; only `Link` headers lead to more.
        case none
        /// An item offset and a page size.
        case offset(offset: String, limit: String)
        /// A page number (the first page being `first`) and a page size.
        case page(page: String, size: String, first: Int = 1)
    }

    /// The paging parameters.
    public var style: Style
    /// The largest page the store asks for.
    public var pageSize: Int
    /// Whether `Link: <…>; rel="next"` headers are followed.
    public var followsLinkHeaders: Bool
    /// At most this many pages per fetch, so a server that always says "next" cannot loop forever.
    public var maxPages: Int

    /// Creates a pagination scheme.
    public init(style: Style = .none, pageSize: Int = 100, followsLinkHeaders: Bool = true, maxPages: Int = 100) {
        self.style = style
        self.pageSize = max(1, pageSize)
        self.followsLinkHeaders = followsLinkHeaders
        self.maxPages = max(1, maxPages)
    }

    /// The target of the `rel="next"` entry of a `Link` header value.
    static func nextLink(in header: String) -> String? {
        for entry in header.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">"),
                  parts.dropFirst().contains(where: { $0 == "rel=\"next\"" || $0 == "rel=next" }) else { continue }
            return String(target.dropFirst().dropLast())
        }
        return nil
    }
}
