/// The destinations of one relationship for many owners, with the destinations decoded straight from
/// the store's rows into a context's classes: what ``PersistentStore/relatedObjects(for:of:ids:model:)``
/// returns, the counterpart of ``RelatedSnapshots`` without snapshots.
///
/// ```swift
/// let related = try await store.relatedObjects(for: "albums", of: "Band", ids: [bandID], model: MusicModel.model)
/// related?.destinationIDs[bandID]   // [Album/1, Album/2], in relationship order
/// related?.objects.count            // 2: each destination once
/// ```
public struct RelatedObjects: Sendable {
    /// The destinations of every owner, as ``PersistentStore/relatedIDs(for:of:ids:)`` returns them.
    public var destinationIDs: [AnyObjectID: [AnyObjectID]]
    /// Every destination listed in ``destinationIDs``, each once.
    public var objects: DecodedObjects

    /// Creates a result.
    public init(destinationIDs: [AnyObjectID: [AnyObjectID]], objects: DecodedObjects) {
        self.destinationIDs = destinationIDs
        self.objects = objects
    }
}

extension PersistentStore {
    /// Returns `nil`: the context then asks ``relatedSnapshots(for:of:ids:)``.
    public func relatedObjects(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID], model: ManagedObjectModel
    ) async throws -> RelatedObjects? {
        nil
    }
}
