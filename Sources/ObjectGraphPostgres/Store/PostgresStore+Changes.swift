#if PostgreSQL
import ObjectGraph
import PostgresNIO

/// The change stream: this store's saves as they commit, and every other store's saves on the same
/// database and schema (other processes, other machines) through `LISTEN`/`NOTIFY`.
extension PostgresStore {
    /// Observes every save from now on: this store's with their objects when they commit, other stores'
    /// as their notifications arrive (right after their commit), with the same detail, or as entities to
    /// refetch for very large saves and after the listening connection was lost and restored.
    ///
    /// ```swift
    /// for await change in store.changes() {
    ///     print(change.ids(.updated))   // also what other processes saved
    /// }
    /// ```
    public func changes() -> StoreChanges {
        broadcaster.changes()
    }

    /// Sends the notification of the committed `changes` inside the save's transaction: the server
    /// delivers it to the listeners when, and only if, the transaction commits.
    func notify(_ changes: ChangeSet, permanentIDs: [AnyObjectID], on connection: PostgresConnection) async throws {
        let payload = try ChangeNotification(committing: changes, permanentIDs: permanentIDs, origin: origin).payload()
        try await connection.run("SELECT pg_notify($1, $2)", [.string(channel), .string(payload)])
    }
}
#endif
