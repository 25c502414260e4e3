import Foundation
@testable import ObjectGraphREST
import Testing

/// The pieces of HTTP hygiene on their own: dates, backoff, the rate-limit gate, the validator cache.
@Suite struct HTTPPolicyUnitTests {
    @Test func httpDatesRoundTripAndRetryAfterTakesBothForms() throws {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("06 Nov 1994") == nil)
        #expect(HTTPDate.retryAfter("120", now: date) == 120)
        #expect(HTTPDate.retryAfter("Sun, 06 Nov 1994 08:50:37 GMT", now: date) == 60)
        #expect(HTTPDate.retryAfter("Sun, 06 Nov 1994 08:40:37 GMT", now: date) == 0)
        #expect(HTTPDate.retryAfter("-3", now: date) == nil && HTTPDate.retryAfter("soon", now: date) == nil)
    }

    @Test func backoffDoublesWithinItsCapAndJitters() {
        let policy = RetryPolicy(maximumAttempts: 10, initialDelay: .milliseconds(100), maximumDelay: .seconds(1))
        var generator = SystemRandomNumberGenerator()
        for attempt in 2...10 {
            let cap = min(Duration.seconds(1), .milliseconds(100) * (1 << (attempt - 2)))
            let delays = (0..<50).map { _ in policy.delay(beforeAttempt: attempt, using: &generator) }
            #expect(delays.allSatisfy { $0 >= cap / 2 && $0 <= cap })
            #expect(Set(delays).count > 1)
        }
        #expect(RetryPolicy.isIdempotent(.get) && RetryPolicy.isIdempotent(.put) && RetryPolicy.isIdempotent(.delete))
        #expect(!RetryPolicy.isIdempotent(.post) && !RetryPolicy.isIdempotent(.patch))
        #expect(RetryPolicy(maximumAttempts: 0).maximumAttempts == 1)
    }

    @Test func theGateClosesForRateLimitsAndRetryAfterOnly() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let gate = RateLimitGate()
        #expect(gate.record(HTTPResponse(status: 200, headers: ["X-RateLimit-Remaining": "4", "X-RateLimit-Reset": "1700000060"]), now: now) == 0)
        #expect(gate.wait(now: now) == 0)
        #expect(gate.record(HTTPResponse(status: 500, headers: ["Retry-After": "30"]), now: now) == 0)
        #expect(gate.record(HTTPResponse(status: 200, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000060"]), now: now) == 60)
        #expect(gate.wait(now: now) == 60)
        // A shorter wait never shortens a longer one.
        #expect(gate.record(HTTPResponse(status: 429, headers: ["Retry-After": "5"]), now: now) == 5)
        #expect(gate.wait(now: now) == 60)
        #expect(gate.wait(now: now.addingTimeInterval(61)) == 0)
        #expect(RateLimitGate.isRateLimitRefusal(HTTPResponse(status: 403, headers: ["X-RateLimit-Remaining": "0"])))
        #expect(RateLimitGate.isRateLimitRefusal(HTTPResponse(status: 403, headers: ["Retry-After": "60"])))
        #expect(!RateLimitGate.isRateLimitRefusal(HTTPResponse(status: 403)))
        #expect(RateLimitGate.isRateLimitRefusal(HTTPResponse(status: 429)))
    }

    @Test func theValidatorCacheReusesBodiesAndStaysWithinItsBytes() throws {
        let cache = ConditionalRequestCache(capacity: 100)
        let a = try #require(URL(string: "http://api/a")), b = try #require(URL(string: "http://api/b"))
        let body = Data(repeating: 0x20, count: 40)
        #expect(cache.conditions(for: a).isEmpty)
        #expect(cache.body(for: HTTPResponse(status: 200, headers: ["ETag": "\"1\""], body: body), of: a) == body)
        #expect(cache.conditions(for: a) == ["If-None-Match": "\"1\""])
        #expect(cache.body(for: HTTPResponse(status: 304), of: a) == body)
        #expect(cache.body(for: HTTPResponse(status: 304), of: b) == nil)
        // Without a validator nothing is kept; a new representation replaces the old one.
        _ = cache.body(for: HTTPResponse(status: 200, body: body), of: b)
        #expect(cache.conditions(for: b).isEmpty)
        _ = cache.body(for: HTTPResponse(status: 200, headers: ["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"], body: body), of: b)
        #expect(cache.conditions(for: b) == ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"])
        // A third body passes 100 bytes: least recently used bodies go until at most 75 bytes remain.
        let c = try #require(URL(string: "http://api/c"))
        _ = cache.body(for: HTTPResponse(status: 200, headers: ["ETag": "\"3\""], body: body), of: c)
        #expect(cache.conditions(for: a).isEmpty && !cache.conditions(for: c).isEmpty)
        cache.forget(c)
        #expect(cache.conditions(for: c).isEmpty)
        #expect(ConditionalRequestCache(capacity: 0).conditions(for: a).isEmpty)
    }
}
