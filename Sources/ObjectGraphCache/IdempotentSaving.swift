import ObjectGraph
import ObjectGraphREST

/// A remote store that sends the caller's idempotency keys with the requests that create objects, so the
/// outbox can repeat a save after a restart without creating its objects twice. ``ObjectGraphREST/RESTStore``
/// is one; with another remote store the outbox replays with ``ObjectGraph/PersistentStore/saveReturningState(_:)``.
public protocol IdempotentSaving: PersistentStore {
    /// Saves `changes`, creating the new object `id` with the idempotency key `idempotencyKeys[id]`.
    func saveReturningState(_ changes: ChangeSet, idempotencyKeys: [AnyObjectID: String]) async throws -> SaveResult
}

extension RESTStore: IdempotentSaving {}
