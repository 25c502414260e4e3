import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import RESTTestServer
import Testing

/// Responses broken at the byte level, served by the test server over HTTP: each is a typed
/// ``RESTError`` naming the URL and the entity and key (or the JSON path and byte offset) at fault,
/// read in bounded memory; none crashes.
@Suite(.testServerSlot, .serialized) struct ByteFaultTests {
    /// An API whose every list is empty; each test injects the body of `GET /artists`.
    struct EmptyAPI: TestAPI {
        func respond(to request: ServerRequest) -> ServerResponse { .json([Any]()) }
    }

    /// The error of fetching artists when `GET /artists` answers with `fault`.
    func fetchError(_ fault: ServerFault, configuration: RESTStore.Configuration = .init()) async throws -> RESTError? {
        try await withServer(EmptyAPI()) { server in
            server.inject(fault, for: "GET /artists")
            let store = try RESTStore(model: FuzzRESTModel.model, baseURL: server.baseURL,
                                      transport: URLSessionTransport(timeout: 60), configuration: configuration)
            do {
                _ = try await store.fetch(StoreFetchRequest(entityName: "Artist"))
                return nil
            } catch let error as RESTError {
                return error
            }
        }
    }

    /// The reason of a ``RESTError/malformedDocument(url:reason:excerpt:)`` for `/artists`, or a description
    /// of the unexpected outcome.
    func malformedReason(_ fault: ServerFault) async throws -> String {
        let error = try await fetchError(fault)
        guard case .malformedDocument(let url, let reason, _)? = error, url.hasSuffix("/artists") else {
            return "unexpected: \(String(describing: error))"
        }
        return reason
    }

    static let document = #"[{"id": 1, "name": "Low", "formed": 1993, "stats": {"members": 3}, "price": "9.99", "albums": [{"id": 10, "title": "C'mon"}]}]"#

    @Test func everyTruncationIsATypedError() async throws {
        let cuts = [1, 2, 10, 11, 20, 48, 60, 75, 90, Self.document.utf8.count - 2, Self.document.utf8.count - 1]
        for cut in cuts {
            let reason = try await malformedReason(.body(String(decoding: Array(Self.document.utf8.prefix(cut)), as: UTF8.self)))
            #expect(reason.hasPrefix("not JSON: the document ends early (truncated?) at $"), "cut at \(cut): \(reason)")
        }
        #expect(try await malformedReason(.body(#"[{"id": 1, "name": "Lo"#)) == "not JSON: the document ends early (truncated?) at $[0].name (byte 22)")
    }

    @Test func nestingOfAHundredThousandLevelsIsRefused() async throws {
        let arrays = try await malformedReason(.streamed(prefix: "", unit: "[", count: 100_000, suffix: String(repeating: "]", count: 100_000)))
        #expect(arrays.hasPrefix("not JSON: arrays and objects nested deeper than 512 levels at $[0][0]"), "\(arrays)")
        let objects = try await malformedReason(.streamed(prefix: "", unit: #"{"a":"#, count: 100_000, suffix: "1" + String(repeating: "}", count: 100_000)))
        #expect(objects.hasPrefix("not JSON: arrays and objects nested deeper than 512 levels at $.a.a.a"), "\(objects)")
        #expect(objects.hasSuffix("(byte 2560)"), "\(objects)")
    }

    @Test func aHundredMegabytesStopAtTheLimit() async throws {
        // 100 MB of artists, streamed without a Content-Length: the transport stops reading at 64 MiB.
        let unit = #"{"id": 1, "name": "\#(String(repeating: "x", count: 1_000))"},"#
        let count = 100_000_000 / unit.utf8.count
        let error = try await fetchError(.streamed(prefix: "[", unit: unit, count: count, suffix: #"{"id": 2, "name": "end"}]"#))
        guard case .responseTooLarge("GET", let url, let limit)? = error else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/artists") && limit == 64 << 20)
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeReading() async throws {
        var configuration = RESTStore.Configuration()
        configuration.maximumResponseSize = 1_000
        let body = Data("[".utf8) + Data(repeating: UInt8(ascii: " "), count: 5_000) + Data("]".utf8)
        let error = try await fetchError(.bytes(body), configuration: configuration)
        guard case .responseTooLarge("GET", let url, 1_000)? = error else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/artists"))
        #expect(try await fetchError(.bytes(Data("[]".utf8)), configuration: configuration) == nil)
    }

    @Test(arguments: [
        ("formed", "40000", "integer16"), ("formed", "1.5", "integer16"), ("stats.members", "3000000000", "integer32"),
        ("score", "1e39", "float"), ("score", "-3.5e38", "float"), ("price", "1e300", "decimal"), ("price", "\"1e999\"", "decimal"),
        ("active", "2", "boolean"), ("debut", "\"yesterday\"", "date"),
    ])
    func numbersOutOfRangeNameEntityAndKey(key: String, value: String, expected: String) async throws {
        let keys = key.split(separator: ".").map(String.init)
        let member = keys.count == 2 ? #""\#(keys[0])": {"\#(keys[1])": \#(value)}"# : #""\#(key)": \#(value)"#
        let error = try await fetchError(.body(#"[{"id": 1, "name": "Low", \#(member)}]"#))
        guard case .typeMismatch("Artist", key, expected, let shown, let url)? = error else {
            Issue.record("expected a type mismatch of Artist.\(key), got \(String(describing: error))")
            return
        }
        #expect(shown == value || Double(shown) == Double(value), "shown as \(shown)")
        #expect(url.hasSuffix("/artists"))
    }

    @Test func numbersBeyondDoubleAndIdentifiersBeyondInt64AreTypedErrors() async throws {
        #expect(try await malformedReason(.body(#"[{"id": 1, "name": "Low", "rating": 1e400}]"#))
            == "not JSON: the number 1e400 is out of range at $[0].rating (byte 36)")
        let error = try await fetchError(.body(#"[{"id": 9223372036854775808, "name": "Low"}]"#))
        guard case .typeMismatch("Artist", "id", _, let shown, let url)? = error else {
            Issue.record("expected a type mismatch of Artist.id, got \(String(describing: error))")
            return
        }
        #expect(shown.hasPrefix("9.22") && url.hasSuffix("/artists"))
    }

    @Test func invalidUTF8NamesThePath() async throws {
        func body(_ bytes: [UInt8]) -> ServerFault {
            .bytes(Data(#"[{"id": 1, "name": ""#.utf8) + Data(bytes) + Data(#""}]"#.utf8))
        }
        let expected = "not JSON: invalid UTF-8 in a string at $[0].name (byte 19)"
        // A lead byte without its continuation, an overlong "/", an encoded surrogate, beyond U+10FFFF, a stray byte.
        for bytes in [[0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] as [[UInt8]] {
            let reason = try await malformedReason(body(bytes))
            #expect(reason == expected, "\(bytes)")
        }
        #expect(try await malformedReason(.bytes(Data(#"[{"id": 1, "n"#.utf8) + Data([0x80]) + Data(#"": 1}]"#.utf8)))
            == "not JSON: invalid UTF-8 in a string at $[0] (byte 11)")
        #expect(try await malformedReason(.body(#"[{"id": 1, "name": "\ud800"}]"#))
            == "not JSON: an unpaired surrogate \\u escape in a string at $[0].name (byte 20)")
        #expect(try await fetchError(.body(#"[{"id": 1, "name": "\ud83c\udfb8 Bj\u00f6rk"}]"#)) == nil)
    }

    @Test func duplicateKeysAreRefused() async throws {
        #expect(try await malformedReason(.body(#"[{"id": 1, "name": "a", "name": "b"}]"#))
            == #"not JSON: the key "name" appears twice in one object at $[0] (byte 24)"#)
        #expect(try await malformedReason(.body(#"[{"id": 1, "name": "a", "stats": {"members": 1, "members": 2}}]"#))
            == #"not JSON: the key "members" appears twice in one object at $[0].stats (byte 48)"#)
    }
}
