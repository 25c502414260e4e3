#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension PostgresStore {
    /// Writes `changes` in one transaction and returns the permanent IDs of the inserted objects, in order.
    /// On any error (a constraint at a statement or at commit, a lost connection) the transaction is rolled
    /// back, by the server when the connection is gone, so nothing of the save is written.
    /// - Throws: ``ObjectGraphError/uniquenessViolation(entity:properties:values:object:)`` and
    ///   ``ObjectGraphError/validationFailed(_:)`` naming object, property and value, or a ``PostgresStoreError``.
    public func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        guard !changes.isEmpty else { return [] }
        let schema = schema
        let ids = try await withConnection { connection in
            try await connection.run("BEGIN")
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
        broadcaster.publish { StoreChange(committing: changes, permanentIDs: ids) }
        return ids
    }
}
#endif
