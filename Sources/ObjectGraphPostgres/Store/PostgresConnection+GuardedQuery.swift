#if PostgreSQL
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and returns all its rows, guarded and cancellable as ``guardedQuery(_:eachRow:)``.
    func guardedQuery(_ query: PostgresQuery) async throws -> [PostgresRow] {
        var rows: [PostgresRow] = []
        try await guardedQuery(query) { rows.append($0) }
        return rows
    }

    /// Runs `query` and hands each row to `body` as it arrives, or throws
    /// ``PostgresStoreError/connectionLost(message:)`` naming the statement when the connection is closed
    /// before the statement is written or closes before it is answered. Every statement the store sends goes
    /// through here, except the end of a transaction (``finishTransaction(_:)``).
    ///
    /// The connection's event loop receives rows while `body` reads those before them (where collecting
    /// them all first would make the reading and the server's sending take turns), so for many rows the
    /// reading overlaps the server's sending and the event loop's decoding of the messages
    /// (``RowHandOff``). An error `body` throws ends the statement's rows and is rethrown.
    ///
    /// Cancelling the calling task stops the reading at once with `CancellationError`. A statement still
    /// running is abandoned (``abandonRunningStatement()``): the server is asked to cancel it, and the
    /// connection is closed, since the row stream's own cancellation reads and drops the statement's rows
    /// until the server ends it, which would keep the connection busy; the pool opens another connection
    /// for its next user (see ``PostgresStore/withConnection(_:)``).
    func guardedQuery(_ query: PostgresQuery, eachRow body: (PostgresRow) throws -> Void) async throws {
        let handOff = RowHandOff(eventLoop: eventLoop)
        guarded(query) {
            self.query(query, logger: PostgresStore.logger) { row in try handOff.deliver(row) }
        }.whenComplete { result in
            handOff.end(result.map { _ in })
        }
        try await withTaskCancellationHandler {
            do {
                while let rows = try await handOff.next() {
                    for row in rows { try body(row) }
                }
            } catch {
                handOff.stop()
                if error is CancellationError, !handOff.hasEnded { await abandonRunningStatement() }
                throw error
            }
        } onCancel: {
            handOff.cancel()
        }
    }

    /// Stops the statement running on this connection: asks the server to cancel it
    /// (``StatementCancellation``, when the connection's server process is known), and closes the connection.
    ///
    /// The cancel request ends the statement on the server at once, where a closed connection alone ends it
    /// only when the server next writes to it (a statement waiting for a lock, or computing before its
    /// first row, runs on until then); it is also all that happens when the request cannot be sent (no
    /// connection to be had for it, an unknown process). The connection is closed in both cases: a cancel
    /// request may arrive after the statement ended, and would then cancel whatever the connection ran next.
    private func abandonRunningStatement() async {
        StatementCancellation.shared.backend(of: self)?.sendCancelRequest()
        try? await close().get()
    }

    /// Runs `COMMIT` or `ROLLBACK`, guarded as ``guardedQuery(_:eachRow:)`` but waiting for the answer
    /// whatever the calling task's cancellation: a `COMMIT` abandoned on the way could have committed, so
    /// its caller must learn the outcome, and a `ROLLBACK` is short and leaves the connection usable.
    func finishTransaction(_ statement: TransactionEnd) async throws {
        let query = PostgresQuery(unsafeSQL: statement.rawValue)
        _ = try await guarded(query) { self.query(query, logger: PostgresStore.logger) }.get()
    }

    /// The statements that end a transaction.
    enum TransactionEnd: String {
        case commit = "COMMIT"
        case rollBack = "ROLLBACK"
    }

    /// The answer of the statement `send` writes (on the event loop, only while the connection is open),
    /// or ``PostgresStoreError/connectionLost(message:)`` if the connection closes first.
    ///
    /// postgres-nio (1.33.2) writes a statement to its channel with no write promise, so a statement that
    /// reaches the channel after it closed is dropped and its query is never answered; the waiting
    /// `EventLoopFuture.get()` ignores task cancellation, so nothing would end the wait. Here the check and
    /// the write happen in one turn of the connection's event loop (while the channel is active its
    /// handler is in the pipeline and fails every statement it holds when the channel closes; it is
    /// removed only in the later turn that completes `closeFuture`), and the first of the answer and
    /// `closeFuture` (``AwaitedStatements``) completes the result, also on that event loop.
    private func guarded<Answer: Sendable>(
        _ query: PostgresQuery, _ send: @escaping @Sendable () -> EventLoopFuture<Answer>
    ) -> EventLoopFuture<Answer> {
        let eventLoop = eventLoop
        let statement = Self.summary(of: query.sql)
        return eventLoop.flatSubmit { () -> EventLoopFuture<Answer> in
            guard !self.isClosed else {
                return eventLoop.makeFailedFuture(PostgresStoreError.connectionLost(
                    message: "the connection was closed before \(statement) was sent"))
            }
            let first = eventLoop.makePromise(of: Answer.self)
            let id = AwaitedStatements.shared.add({ first.fail($0) }, statement: statement, on: self)
            send().whenComplete { result in
                AwaitedStatements.shared.remove(id, on: self)
                first.completeWith(result)
            }
            return first.futureResult
        }
    }

    /// The start of `sql` for an error message: its first line, at most 120 characters.
    private static func summary(of sql: String) -> String {
        let line = sql.prefix { $0 != "\n" }
        return line.count > 120 || line.count < sql.count ? line.prefix(120) + "…" : String(line)
    }
}
#endif
