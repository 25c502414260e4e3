/// What a store reports after applying a ``ChangeSet``: the permanent IDs of inserted objects and,
/// for stores whose backend changes what it stores (a server that assigns identifiers, numbers or
/// timestamps), the stored state of the objects it wrote.
///
/// ```swift
/// let result = try await store.saveReturningState(changes)
/// result.permanentIDs[0]             // Issue/1347, the ID of changes.inserted[0]
/// result.savedSnapshots.first?.values // the server's values, e.g. created_at
/// ```
public struct SaveResult: Sendable, Hashable {
    /// The permanent ID of every inserted object, in the order of the change set's
    /// ``ChangeSet/inserted``.
    public var permanentIDs: [AnyObjectID]
    /// The stored state of inserted or updated objects whose values differ from what the change set
    /// said, keyed by permanent IDs. The context adopts them as the objects' committed values.
    public var savedSnapshots: [Snapshot]

    /// Creates a result.
    public init(permanentIDs: [AnyObjectID] = [], savedSnapshots: [Snapshot] = []) {
        self.permanentIDs = permanentIDs
        self.savedSnapshots = savedSnapshots
    }
}

extension PersistentStore {
    /// Saves with ``save(_:)`` and reports no changed values: the right answer for stores that store
    /// exactly what they are given.
    public func saveReturningState(_ changes: ChangeSet) async throws -> SaveResult {
        SaveResult(permanentIDs: try await save(changes))
    }
}
