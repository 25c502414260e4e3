import ObjectGraph

/// A test store that hands every call to an ``InMemoryStore``; a conforming class implements only the
/// calls it changes.
protocol ForwardingStore: PersistentStore {
    var base: InMemoryStore { get }
}

extension ForwardingStore {
    var model: ModelDescription { base.model }
    var capabilities: StoreCapabilities { base.capabilities }

    func fetch(_ request: StoreFetchRequest) async throws -> [Snapshot] { try await base.fetch(request) }

    func count(_ request: StoreFetchRequest) async throws -> Int { try await base.count(request) }

    func snapshots(for ids: [AnyObjectID]) async throws -> [Snapshot] { await base.snapshots(for: ids) }

    func relatedIDs(for relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        try await base.relatedIDs(for: relationshipName, of: entityName, ids: ids)
    }

    func save(_ changes: ChangeSet) async throws -> [AnyObjectID] { try await base.save(changes) }

    func changes() -> StoreChanges { base.changes() }
}
