#if PostgreSQL
extension PostgresStore.Configuration {
    /// The isolation level every save's transaction begins at, whatever the database or role sets as
    /// `default_transaction_isolation`.
    ///
    /// There is no `repeatable read`: its snapshot is taken at the save's first statement, so a save that
    /// waited for a row lock held by another save still reads what was there before that save committed.
    /// An ordered to-many's next position, computed as the highest one plus one after the owner row is
    /// locked, would then repeat the other save's, silently. At `read committed` each statement sees what
    /// committed before it began; at `serializable` the server fails such a transaction instead (40001).
    ///
    /// ```swift
    /// configuration.saveIsolation = .serializable   // the database requires serializable transactions
    /// ```
    public enum SaveIsolation: Sendable, Hashable {
        /// `READ COMMITTED`, the default: what the store's lock order, owner-row locks and version checks are
        /// written for. Concurrent saves wait for each other's row locks and never fail a serialization check.
        case readCommitted
        /// `SERIALIZABLE`, for databases whose rules require it: a save that may have seen another
        /// transaction's changes out of order fails with SQLSTATE 40001 and is run again, like a deadlock's
        /// victim, up to ``PostgresStore/Configuration/saveAttempts`` attempts.
        case serializable

        /// The statement beginning a save's transaction at this level.
        var beginStatement: String {
            switch self {
            case .readCommitted: "BEGIN ISOLATION LEVEL READ COMMITTED"
            case .serializable: "BEGIN ISOLATION LEVEL SERIALIZABLE"
            }
        }
    }
}
#endif
