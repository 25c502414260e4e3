#if PostgreSQL
import PostgresNIO
import Synchronization

/// The statements awaiting their answer on each open connection, so that one callback on a connection's
/// `closeFuture` fails them all as lost when its channel closes (a callback per statement would pile up on
/// a long-lived connection: an `EventLoopFuture` keeps every callback until it completes).
///
/// Statements are added and removed on their connection's event loop (see
/// ``PostgresNIO/PostgresConnection/guardedQuery(_:eachRow:)``); the table is shared by all event loops.
final class AwaitedStatements: Sendable {
    /// The table of every store of the process.
    static let shared = AwaitedStatements()

    /// What fails a statement's answer and what the error names when the connection closes first.
    private struct Awaited {
        let fail: @Sendable (any Error) -> Void
        let statement: String
    }

    private let byConnection = Mutex<[ObjectIdentifier: [UInt64: Awaited]]>([:])
    private let nextID = Atomic<UInt64>(0)

    /// Adds `statement` on the open `connection`, whose answer `fail` fails, on its event loop; returns
    /// the ID that ``remove(_:on:)`` takes once it is answered.
    func add(_ fail: @escaping @Sendable (any Error) -> Void, statement: String, on connection: PostgresConnection) -> UInt64 {
        connection.eventLoop.preconditionInEventLoop()
        let id = nextID.add(1, ordering: .relaxed).newValue
        let isFirst = byConnection.withLock { table in
            let isFirst = table[ObjectIdentifier(connection)] == nil
            table[ObjectIdentifier(connection), default: [:]][id] = Awaited(fail: fail, statement: statement)
            return isFirst
        }
        if isFirst {
            connection.closeFuture.whenComplete { _ in
                let lost = self.byConnection.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) ?? [:] }
                for awaited in lost.values {
                    awaited.fail(PostgresStoreError.connectionLost(
                        message: "the connection closed before PostgreSQL answered \(awaited.statement)"))
                }
            }
        }
        return id
    }

    /// Removes the answered statement `id` of `connection`.
    func remove(_ id: UInt64, on connection: PostgresConnection) {
        byConnection.withLock { table in _ = table[ObjectIdentifier(connection)]?.removeValue(forKey: id) }
    }
}
#endif
