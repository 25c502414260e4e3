#if PostgreSQL
import PostgresNIO
import Synchronization

/// Cancels, on the server, a statement the store abandons (``PostgresNIO/PostgresConnection/guardedQuery(_:eachRow:)``
/// when its task is cancelled): `pg_cancel_backend` sent from a connection of its own, as libpq's cancel
/// request opens one, so it works whatever the pool's connections are doing.
///
/// postgres-nio 1.33.2 reads the server's `BackendKeyData` (process ID and secret key) but keeps it to
/// itself and offers no cancel request, so the store learns each pooled connection's server process on the
/// connection's first use (``register(_:configuration:)``, one round trip per connection) and names that
/// process to `pg_cancel_backend`. The process is named by its ID and start time together, so a request that
/// arrives after the process ended never reaches another session that reuses its ID.
///
/// The table is keyed by connection and shared by every store of the process, like ``AwaitedStatements``;
/// a connection's entry leaves when it closes.
final class StatementCancellation: Sendable {
    /// The table of every store of the process.
    static let shared = StatementCancellation()

    /// The server process of a connection, and how to reach its server.
    struct Backend: Sendable {
        let pid: Int32
        /// When the process started, in microseconds since 1970 (``startExpression``).
        let startMicroseconds: Int64
        let configuration: PostgresStore.Configuration

        /// Sends the cancel request from a connection of its own, in a task of its own (the cancelled task
        /// cannot wait for a connection); a failure to connect or to send leaves the statement to the
        /// fallback, its closed connection.
        func sendCancelRequest() {
            Task {
                guard let connection = try? await configuration.connect() else { return }
                _ = try? await connection.guardedQuery(PostgresQuery(
                    unsafeSQL: "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND \(StatementCancellation.startExpression) = $2",
                    binds: Self.bindings(pid, startMicroseconds)))
                try? await connection.close()
            }
        }

        private static func bindings(_ pid: Int32, _ start: Int64) -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(pid)
            bindings.append(start)
            return bindings
        }
    }

    /// A server process's start time as an exact integer (microseconds since 1970), comparable across sessions.
    fileprivate static let startExpression = "(extract(epoch FROM backend_start) * 1000000)::int8"

    private let byConnection = Mutex<[ObjectIdentifier: Backend]>([:])

    /// Learns the server process of `connection` (of the server `configuration` names), unless known.
    func register(_ connection: PostgresConnection, configuration: PostgresStore.Configuration) async throws {
        guard backend(of: connection) == nil else { return }
        let rows = try await connection.guardedQuery(PostgresQuery(
            unsafeSQL: "SELECT pid, \(Self.startExpression) FROM pg_stat_activity WHERE pid = pg_backend_pid()"))
        guard let row = rows.first else { return }
        let (pid, start) = try row.decode((Int32, Int64).self)
        let isNew = byConnection.withLock { table in
            guard table[ObjectIdentifier(connection)] == nil else { return false }
            table[ObjectIdentifier(connection)] = Backend(pid: pid, startMicroseconds: start, configuration: configuration)
            return true
        }
        if isNew {
            connection.closeFuture.whenComplete { _ in
                _ = self.byConnection.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
            }
        }
    }

    /// The server process of `connection`, if learned (and the connection not yet closed).
    func backend(of connection: PostgresConnection) -> Backend? {
        byConnection.withLock { $0[ObjectIdentifier(connection)] }
    }
}
#endif
