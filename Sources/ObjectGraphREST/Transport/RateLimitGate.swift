import Foundation
import Synchronization

/// Holds requests back while the server has said it will refuse them: after a response whose
/// `X-RateLimit-Remaining` is 0, until its `X-RateLimit-Reset` (seconds since 1970, as GitHub sends it);
/// after a 429 or 503 with `Retry-After`, for that long. Shared by every request of a store.
final class RateLimitGate: Sendable {
    private let openAt = Mutex<Date?>(nil)

    /// How long a request sent now would have to wait; 0 when the gate is open.
    func wait(now: Date = Date()) -> TimeInterval {
        openAt.withLock { $0.map { max(0, $0.timeIntervalSince(now)) } ?? 0 }
    }

    /// Closes the gate for as long as `response` asks; returns that time from `now` (0: open).
    @discardableResult
    func record(_ response: HTTPResponse, now: Date = Date()) -> TimeInterval {
        var until: Date?
        if response.header("X-RateLimit-Remaining").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) == 0,
           let reset = response.header("X-RateLimit-Reset").flatMap({ TimeInterval($0.trimmingCharacters(in: .whitespaces)) }) {
            until = Date(timeIntervalSince1970: reset)
        }
        if [429, 503].contains(response.status) || Self.isRateLimitRefusal(response),
           let seconds = response.header("Retry-After").flatMap({ HTTPDate.retryAfter($0, now: now) }) {
            until = max(until ?? now, now.addingTimeInterval(seconds))
        }
        guard let until, until > now else { return 0 }
        openAt.withLock { current in
            if current.map({ $0 < until }) ?? true { current = until }
        }
        return until.timeIntervalSince(now)
    }

    /// Whether `response` refuses a request because a rate limit is exhausted: a 429, or GitHub's 403
    /// with `X-RateLimit-Remaining: 0` or a `Retry-After` (its secondary limits).
    static func isRateLimitRefusal(_ response: HTTPResponse) -> Bool {
        if response.status == 429 { return true }
        guard response.status == 403 else { return false }
        return response.header("Retry-After") != nil
            || response.header("X-RateLimit-Remaining").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } == 0
    }
}
