/// A fake web API served by a ``TestServer``.
public protocol TestAPI: Sendable {
    /// The response to `request`.
    func respond(to request: ServerRequest) -> ServerResponse
}

/// A failure a ``TestServer`` produces instead of the API's answer, to test error handling.
public enum ServerFault: Sendable, Hashable {
    /// Answer with this status and a JSON error body.
    case status(Int)
    /// Answer 200 with this body (malformed JSON, a wrong value type, …).
    case body(String)
    /// Wait this many seconds before answering.
    case delay(Double)
    /// Send the start of a response, then close the connection.
    case closeConnection
}
