/// What goes wrong in a ``CachingStore`` beyond what its remote and cache stores throw.
public enum CachingStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache's identity database (`<cache file>-identity`) failed: its path, SQLite's message and the
    /// statement.
    case identityDatabase(path: String, message: String, sql: String)
    /// A stored remote key could not be read back (the identity database was edited or corrupted).
    case malformedRemoteKey(path: String, text: String)

    /// The error in one sentence.
    public var description: String {
        switch self {
        case .identityDatabase(let path, let message, let sql):
            "cache identity database \(path): \(message) (in \(sql))"
        case .malformedRemoteKey(let path, let text):
            "cache identity database \(path): unreadable remote key \(text)"
        }
    }
}
