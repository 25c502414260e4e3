/// The destinations of one relationship for many owners, with the destinations' stored state: what
/// ``PersistentStore/relatedSnapshots(for:of:ids:)`` returns, so prefetching a to-many takes one store
/// call instead of ``PersistentStore/relatedIDs(for:of:ids:)`` followed by
/// ``PersistentStore/snapshots(for:)``.
///
/// ```swift
/// let related = try await store.relatedSnapshots(for: "albums", of: "Band", ids: [bandID])
/// related?.destinationIDs[bandID]   // [Album/1, Album/2], in relationship order
/// related?.snapshots.count          // 2: each destination once
/// ```
public struct RelatedSnapshots: Sendable, Hashable {
    /// The destinations of every owner, as ``PersistentStore/relatedIDs(for:of:ids:)`` returns them.
    public var destinationIDs: [AnyObjectID: [AnyObjectID]]
    /// The snapshot of every destination listed in ``destinationIDs``, each once.
    public var snapshots: [Snapshot]

    /// Creates a result.
    public init(destinationIDs: [AnyObjectID: [AnyObjectID]] = [:], snapshots: [Snapshot] = []) {
        self.destinationIDs = destinationIDs
        self.snapshots = snapshots
    }
}

extension PersistentStore {
    /// Returns `nil`: the context then calls ``relatedIDs(for:of:ids:)`` and loads only the destinations
    /// it has not loaded yet with ``snapshots(for:)``, the right choice for stores whose snapshots cost a
    /// round trip each (REST) or nothing (memory).
    public func relatedSnapshots(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) async throws -> RelatedSnapshots? {
        nil
    }
}
