#if PostgreSQL
import PostgresNIO

extension PostgresConnection {
    /// Rolls back the open transaction after `error`, unless `error` ended the session: then the server has
    /// rolled it back already, and no statement may follow on this connection.
    func rollBack(after error: any Error) async {
        guard !isClosed, !Self.isSessionEnded(by: error) else { return }
        try? await finishTransaction(.rollBack)
    }

    /// Whether `error` means the session is over: the server ended it, or the connection is gone
    /// (postgres-nio's error, or the store's ``PostgresStoreError/connectionLost(message:)``).
    static func isSessionEnded(by error: any Error) -> Bool {
        switch error {
        case let error as PSQLError: error.endsSession
        case PostgresStoreError.connectionLost: true
        default: false
        }
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
