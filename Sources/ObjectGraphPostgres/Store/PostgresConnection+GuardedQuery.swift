#if PostgreSQL
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and returns all its rows, or throws ``PostgresStoreError/connectionLost(message:)``
    /// naming the statement when the connection is closed before the statement is written or closes
    /// before it is answered. Every statement the store sends goes through here.
    ///
    /// postgres-nio (1.33.2) writes a statement to its channel with no write promise, so a statement that
    /// reaches the channel after it closed is dropped and its query is never answered; the waiting
    /// `EventLoopFuture.get()` ignores task cancellation, so nothing would end the wait. Here the check and
    /// the write happen in one turn of the connection's event loop (while the channel is active its
    /// handler is in the pipeline and fails every statement it holds when the channel closes; it is
    /// removed only in the later turn that completes `closeFuture`), and the first of the answer and
    /// `closeFuture` (``AwaitedStatements``) completes the result, also on that event loop.
    func guardedQuery(_ query: PostgresQuery) async throws -> PostgresQueryResult {
        let eventLoop = eventLoop
        let statement = Self.summary(of: query.sql)
        let answer = eventLoop.flatSubmit { () -> EventLoopFuture<PostgresQueryResult> in
            guard !self.isClosed else {
                return eventLoop.makeFailedFuture(PostgresStoreError.connectionLost(
                    message: "the connection was closed before \(statement) was sent"))
            }
            let first = eventLoop.makePromise(of: PostgresQueryResult.self)
            let id = AwaitedStatements.shared.add(first, statement: statement, on: self)
            self.query(query, logger: PostgresStore.logger).whenComplete { result in
                AwaitedStatements.shared.remove(id, on: self)
                first.completeWith(result)
            }
            return first.futureResult
        }
        return try await answer.get()
    }

    /// The start of `sql` for an error message: its first line, at most 120 characters.
    private static func summary(of sql: String) -> String {
        let line = sql.prefix { $0 != "\n" }
        return line.count > 120 || line.count < sql.count ? line.prefix(120) + "…" : String(line)
    }
}
#endif
