import ObjectGraph
import Synchronization

/// An ``InMemoryStore`` that declares some to-manys unloadable
/// (``StoreCapabilities/unloadableRelationships``) and refuses, by recording the call and throwing,
/// to load them, as a REST store without a relationship URL would.
final class UnloadableRelationshipStore: ForwardingStore {
    let base: InMemoryStore
    private let unloadable: [String: Set<String>]
    private let refused = Mutex<[String]>([])

    init(model: ModelDescription, unloadable: [String: Set<String>]) {
        base = InMemoryStore(model: model)
        self.unloadable = unloadable
    }

    var capabilities: StoreCapabilities {
        var capabilities = base.capabilities
        capabilities.unloadableRelationships = unloadable
        return capabilities
    }

    /// `Entity.relationship` of every load the store refused.
    var refusedLoads: [String] { refused.withLock { $0 } }

    func relatedIDs(for relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        if unloadable[entityName]?.contains(relationshipName) == true {
            refused.withLock { $0.append("\(entityName).\(relationshipName)") }
            throw ObjectGraphError.unsupportedExpression("\(entityName).\(relationshipName) cannot be loaded")
        }
        return try await base.relatedIDs(for: relationshipName, of: entityName, ids: ids)
    }
}
