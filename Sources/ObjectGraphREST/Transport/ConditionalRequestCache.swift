import Foundation
import Synchronization

/// The bodies of `GET` responses that carried a validator (`ETag`, `Last-Modified`), by URL, so the next
/// `GET` of the URL can ask `If-None-Match` / `If-Modified-Since` and a `304 Not Modified` reuses the
/// body. Holds at most a fixed number of body bytes, dropping the least recently used entries.
final class ConditionalRequestCache: Sendable {
    private struct Entry {
        var etag: String?
        var lastModified: String?
        var body: Data
        var lastUse: UInt64
    }

    private struct Contents {
        var entries: [URL: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most body bytes kept; 0 turns conditional requests off.
    let capacity: Int
    private let contents = Mutex(Contents())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The validator headers for a `GET` of `url`, empty when nothing is cached for it.
    func conditions(for url: URL) -> [String: String] {
        guard capacity > 0 else { return [:] }
        return contents.withLock { contents in
            guard let entry = contents.entries[url] else { return [:] }
            var headers: [String: String] = [:]
            if let etag = entry.etag { headers["If-None-Match"] = etag }
            if let lastModified = entry.lastModified { headers["If-Modified-Since"] = lastModified }
            return headers
        }
    }

    /// The body to use for `response` to a `GET` of `url`: the cached one for a 304 (nil when nothing
    /// is cached), the response's own otherwise, which is cached when it carries a validator.
    func body(for response: HTTPResponse, of url: URL) -> Data? {
        guard capacity > 0 else { return response.status == 304 ? nil : response.body }
        return contents.withLock { contents in
            contents.clock += 1
            if response.status == 304 {
                contents.entries[url]?.lastUse = contents.clock
                return contents.entries[url]?.body
            }
            let etag = response.header("ETag"), lastModified = response.header("Last-Modified")
            if let old = contents.entries.removeValue(forKey: url) { contents.bytes -= old.body.count }
            guard response.status == 200, etag != nil || lastModified != nil, response.body.count <= capacity else {
                return response.body
            }
            contents.entries[url] = Entry(etag: etag, lastModified: lastModified, body: response.body, lastUse: contents.clock)
            contents.bytes += response.body.count
            if contents.bytes > capacity { Self.evict(from: &contents, capacity: capacity) }
            return response.body
        }
    }

    /// Forgets the entry of `url` (after a write to it).
    func forget(_ url: URL) {
        contents.withLock { contents in
            if let old = contents.entries.removeValue(forKey: url) { contents.bytes -= old.body.count }
        }
    }

    /// Drops least recently used entries until the bodies fill at most three quarters of `capacity`.
    private static func evict(from contents: inout Contents, capacity: Int) {
        for (url, entry) in contents.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard contents.bytes > capacity * 3 / 4 else { return }
            contents.entries[url] = nil
            contents.bytes -= entry.body.count
        }
    }
}
