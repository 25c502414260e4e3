/// What a ``RESTStore`` has sent so far.
///
/// ```swift
/// let before = store.statistics
/// _ = try await Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World")
/// print(store.statistics.requests - before.requests, store.statistics.notModified - before.notModified)
/// ```
public struct RESTStatistics: Sendable, Hashable {
    /// Requests sent, retries included.
    public var requests = 0
    /// Conditional `GET`s the server answered with `304 Not Modified` (no body transferred).
    public var notModified = 0
    /// Requests sent again after a passing failure (``RetryPolicy``).
    public var retries = 0

    /// Requests whose response carried a body (every request but those answered 304).
    public var bodiesTransferred: Int { requests - notModified }
}
