import Foundation

/// How a ``TestServer`` behaves beyond its API, as GitHub does: validators on `GET` responses with
/// conditional requests honoured, and a primary rate limit.
///
/// ```swift
/// let server = try await TestServer.start(GitHubAPI(), options: ServerOptions(rateLimit: RateLimit(limit: 5, window: 1)))
/// ```
public struct ServerOptions: Sendable {
    /// Which validators `GET` responses carry.
    public enum Validators: Sendable {
        /// `ETag` and `Last-Modified` (GitHub's REST API sends both on most resources).
        case etagAndLastModified
        /// `Last-Modified` only (second resolution, as HTTP dates have).
        case lastModified
        /// None: conditional requests are answered in full.
        case none
    }

    /// Which validators `GET` responses carry; `If-None-Match` (which wins when both are sent) and
    /// `If-Modified-Since` are answered `304 Not Modified` with no body when the resource is unchanged.
    public var validators: Validators
    /// The primary rate limit, or none.
    public var rateLimit: RateLimit?

    /// Creates options.
    public init(validators: Validators = .etagAndLastModified, rateLimit: RateLimit? = nil) {
        self.validators = validators
        self.rateLimit = rateLimit
    }
}

/// A primary rate limit as GitHub applies it: `limit` requests per window of `window` seconds; every
/// response carries `X-RateLimit-Limit`, `-Remaining`, `-Used`, `-Reset` (the window's end, in whole
/// seconds since 1970) and `-Resource`; a request beyond the limit is refused with 403 and
/// `X-RateLimit-Remaining: 0`; a `304 Not Modified` answer does not count.
public struct RateLimit: Sendable {
    /// Requests allowed per window.
    public var limit: Int
    /// The window's length in seconds.
    public var window: Double

    /// Creates a limit.
    public init(limit: Int, window: Double) {
        self.limit = limit
        self.window = window
    }
}
