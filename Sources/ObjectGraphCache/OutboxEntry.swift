import ObjectGraph

/// One save waiting in a ``CachingStore``'s outbox to reach the server, in save order.
///
/// ```swift
/// for entry in await store.outboxEntries where entry.refusal != nil {
///     print(entry.sequence, entry.refusal!)       // the server's 4xx: edit and retry, or drop
/// }
/// ```
public struct OutboxEntry: Sendable, Hashable, Identifiable {
    /// The entry's place in save order (increasing, never reused).
    public let sequence: Int64
    /// What the save changed, with the caching store's IDs.
    public internal(set) var changes: ChangeSet
    /// Why the server refused the entry (a 4xx other than 429), or `nil` while it waits to be sent. A
    /// refused entry stays until ``CachingStore/retryOutboxEntry(_:)`` or ``CachingStore/dropOutboxEntry(_:)``,
    /// and holds back later entries that change the same objects.
    public internal(set) var refusal: OutboxRefusal?
    /// The prefix of the idempotency keys of the objects the entry creates (kept with the entry, so a
    /// `POST` sent again after a restart carries the same key).
    let keySeed: String

    /// The entry's sequence number.
    public var id: Int64 { sequence }

    /// Every object the entry creates, changes, deletes or links, with the caching store's IDs: entries
    /// sharing none can reach the server in any order.
    var touchedIDs: Set<AnyObjectID> { changes.touchedIDs }

    /// The idempotency key of the `POST` that creates the object `id`.
    func idempotencyKey(for id: AnyObjectID) -> String {
        "\(keySeed)-\(CacheIndex.text(id.key))"
    }
}

/// The server's refusal of an outbox entry: the error's description (method, URL, status and the
/// server's message) and, in the process that received it, the typed error itself.
public struct OutboxRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status, when the refusal was one.
    public let status: Int?
    /// The error's description: method, URL, status and what the server said.
    public let message: String
    /// The typed error (a ``ObjectGraphREST/RESTError``) while the process that received it runs; `nil`
    /// after a restart, when only ``status`` and ``message`` remain.
    public let error: (any Error)?

    /// Creates a refusal from the error a replay received.
    init(_ error: any Error) {
        self.status = NetworkFailure.status(of: error)
        self.message = "\(error)"
        self.error = error
    }

    /// A refusal read back from the outbox.
    init(status: Int?, message: String) {
        self.status = status
        self.message = message
        self.error = nil
    }

    /// The message.
    public var description: String { message }

    /// Refusals are equal when status and message are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.status == rhs.status && lhs.message == rhs.message }

    /// Hashes status and message.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(message)
    }
}
