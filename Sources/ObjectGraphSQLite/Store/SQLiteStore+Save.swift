import ObjectGraph
import ObjectGraphSQL

extension SQLiteStore {
    /// Applies `changes` in one transaction and returns the permanent IDs (integer keys) of the inserted
    /// objects, in change set order. On any error the transaction rolls back, so the database is exactly as before.
    /// - Throws: ``ObjectGraph/ObjectGraphError/uniquenessViolation(entity:properties:values:object:)`` and
    ///   ``ObjectGraph/ObjectGraphError/validationFailed(_:)`` (a missing required value) for
    ///   constraint violations, ``ObjectGraph/ObjectGraphError/objectNotFound(_:)`` for an update or
    ///   delete of a missing object, ``SQLiteStoreError/sqlite(code:message:sql:)`` otherwise.
    public func save(_ changes: ChangeSet) throws -> [AnyObjectID] {
        guard !changes.isEmpty else { return [] }
        return try withConnection { connection in
            try connection.statement("BEGIN IMMEDIATE").run()
            do {
                var writer = SaveWriter(connection: connection, schema: schema)
                let permanentIDs = try writer.apply(changes)
                try connection.statement("COMMIT").run()
                return permanentIDs
            } catch {
                try? connection.statement("ROLLBACK").run()
                throw error
            }
        }
    }
}
