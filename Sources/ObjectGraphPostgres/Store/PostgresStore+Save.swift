#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension PostgresStore {
    /// Writes `changes` in one transaction and returns the permanent IDs of the inserted objects, in order.
    /// On any error (a constraint at a statement or at commit, a lost connection) the transaction is rolled
    /// back, by the server when the connection is gone, so nothing of the save is written.
    ///
    /// A transaction the server ends as a deadlock's victim (SQLSTATE 40P01) or for a failed serialization
    /// check (40001) wrote nothing, so it is run again from the start, after a short random pause, up to
    /// ``Configuration/saveAttempts`` attempts in all: each attempt takes new keys from the sequences (the
    /// failed attempt's keys are never used) and checks the versions the changes were read at again.
    ///
    /// The transaction begins at ``Configuration/saveIsolation``, never at the server's
    /// `default_transaction_isolation`: the row locks in key order, the owner row locked before an ordered
    /// to-many's next positions are read, and the version checks are written for `read committed` (the
    /// default), where each statement sees what committed before it began and no serialization check
    /// fails. At `repeatable read` a save would read those positions from its first snapshot and repeat
    /// another save's. At `serializable` such a save fails with 40001 and is retried.
    /// - Throws: ``ObjectGraphError/uniquenessViolation(entity:properties:values:object:)`` and
    ///   ``ObjectGraphError/validationFailed(_:)`` naming object, property and value, or a ``PostgresStoreError``
    ///   (``PostgresStoreError/server(sqlState:message:sql:)`` with 40P01 or 40001 when the last attempt failed so).
    public func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        guard !changes.isEmpty else { return [] }
        var attempt = 1
        while true {
            do {
                let ids = try await saveOnce(changes)
                broadcaster.publish { StoreChange(committing: changes, permanentIDs: ids) }
                return ids
            } catch let error as PostgresStoreError where error.isTransactionRetryable && attempt < configuration.saveAttempts {
                try await Task.sleep(for: configuration.retryDelay * Double.random(in: 0.5...1) * Double(1 << min(attempt - 1, 10)))
                attempt += 1
            }
        }
    }

    /// One attempt of ``save(_:)``: the transaction writing `changes`.
    private func saveOnce(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        let schema = schema
        let begin = configuration.saveIsolation.beginStatement
        return try await withConnection { connection in
            try await connection.run(begin)
            do {
                var writer = SaveWriter(connection: connection, schema: schema)
                let ids = try await writer.apply(changes)
                try await notify(changes, permanentIDs: ids, on: connection)
                do {
                    try await connection.finishTransaction(.commit)
                } catch let error as PSQLError {
                    throw ConstraintFailure(error: error, schema: schema).commitError(changes)
                }
                return ids
            } catch {
                await connection.rollBack(after: error)
                throw error
            }
        }
    }
}

extension PostgresStoreError {
    /// Whether the server ended the transaction so that running it again may succeed: it was a deadlock's
    /// victim (40P01) or failed a serialization check (40001), and wrote nothing.
    var isTransactionRetryable: Bool {
        guard case .server(let sqlState, _, _) = self else { return false }
        return sqlState == SQLState.deadlockDetected || sqlState == SQLState.serializationFailure
    }
}
#endif
