import ObjectGraph

/// What goes wrong in a ``CachingStore`` beyond what its remote and cache stores throw.
public enum CachingStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache's identity database (`<cache file>-identity`) failed: its path, SQLite's message and the
    /// statement.
    case identityDatabase(path: String, message: String, sql: String)
    /// A stored remote key could not be read back (the identity database was edited or corrupted).
    case malformedRemoteKey(path: String, text: String)
    /// An outbox entry could not be read back: its sequence number.
    case malformedOutboxEntry(path: String, sequence: String)
    /// An outbox entry changes or links an object created by an earlier entry that was dropped, so the
    /// server cannot be told which object it means.
    case unsentObject(entry: Int64, object: AnyObjectID)
    /// No outbox entry has this sequence number.
    case noOutboxEntry(Int64)

    /// The error in one sentence.
    public var description: String {
        switch self {
        case .identityDatabase(let path, let message, let sql):
            "cache identity database \(path): \(message) (in \(sql))"
        case .malformedRemoteKey(let path, let text):
            "cache identity database \(path): unreadable remote key \(text)"
        case .malformedOutboxEntry(let path, let sequence):
            "cache identity database \(path): unreadable outbox entry \(sequence)"
        case .unsentObject(let entry, let object):
            "outbox entry \(entry) refers to \(object), whose creation never reached the server"
        case .noOutboxEntry(let sequence):
            "no outbox entry \(sequence)"
        }
    }
}
