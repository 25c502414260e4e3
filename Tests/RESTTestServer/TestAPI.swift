import Foundation

/// A fake web API served by a ``TestServer``.
public protocol TestAPI: Sendable {
    /// The response to `request`.
    func respond(to request: ServerRequest) -> ServerResponse
}

/// A failure a ``TestServer`` produces instead of the API's answer, to test error handling.
public enum ServerFault: Sendable, Hashable {
    /// Answer with this status and a JSON error body.
    case status(Int)
    /// Answer with this status, these header fields (`Retry-After`, …) and a JSON error body.
    case refusal(status: Int, headers: [String: String])
    /// Answer 200 with this body (malformed JSON, a wrong value type, …).
    case body(String)
    /// Answer 200 with these bytes (invalid UTF-8, …), with a `Content-Length`.
    case bytes(Data)
    /// Answer 200 with `prefix`, then `unit` `count` times, then `suffix`, streamed in chunks (no
    /// `Content-Length`) without ever holding the whole body: a huge or deeply nested document.
    case streamed(prefix: String, unit: String, count: Int, suffix: String)
    /// Wait this many seconds, then act and answer as without a fault (honouring `Idempotency-Key`): a
    /// client that gave up meanwhile cannot tell whether the request took effect.
    case delay(Double)
    /// Send the start of a response, then close the connection.
    case closeConnection
    /// Act on the request as the API does (create the object of a `POST`), then close the connection
    /// without an answer: the client cannot tell whether it took effect.
    case loseResponse
}
