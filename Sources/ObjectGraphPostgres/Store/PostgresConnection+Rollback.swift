#if PostgreSQL
import PostgresNIO

extension PostgresConnection {
    /// Rolls back the open transaction after `error`, unless `error` ended the session: then the server has
    /// rolled it back already, and no statement may follow on this connection. postgres-nio (1.33.2) never
    /// answers a statement written to a connection whose channel closed under it, so a `ROLLBACK` sent after
    /// a `FATAL` error (e.g. `pg_terminate_backend`) waited forever when the close won the race.
    func rollBack(after error: any Error) async {
        guard !isClosed, !((error as? PSQLError)?.endsSession ?? false) else { return }
        try? await run("ROLLBACK")
    }
}

extension PSQLError {
    /// Whether the session is over: the server ended it (a `FATAL` or `PANIC` error, whose connection it
    /// closes next) or the connection is gone.
    var endsSession: Bool {
        switch code {
        case .server:
            let severity = serverInfo?[.severity] ?? serverInfo?[.localizedSeverity]
            return severity == "FATAL" || severity == "PANIC" || SQLState.isConnectionEnded(sqlState ?? "")
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError:
            return true
        default:
            return false
        }
    }
}
#endif
