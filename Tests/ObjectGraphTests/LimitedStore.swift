import Foundation
import ObjectGraph
import Synchronization

/// An ``InMemoryStore`` behind fewer declared capabilities: it refuses any predicate or sort beyond them,
/// so the conformance suite proves the context evaluates the rest in memory. Counts store calls.
final class LimitedStore: PersistentStore {
    let base: InMemoryStore
    let capabilities: StoreCapabilities
    private let calls = Mutex<[String: Int]>([:])
    private let predicates = Mutex<[StorePredicate?]>([])

    init(model: ModelDescription, capabilities: StoreCapabilities) {
        self.base = InMemoryStore(model: model)
        var capabilities = capabilities
        // Only the read side is limited: saves reach the base store, which checks versions.
        capabilities.detectsConflicts = base.capabilities.detectsConflicts
        self.capabilities = capabilities
    }

    var model: ModelDescription { base.model }

    /// How often each store method was called.
    func callCount(_ name: String) -> Int { calls.withLock { $0[name] ?? 0 } }

    private func record(_ name: String) {
        calls.withLock { $0[name, default: 0] += 1 }
    }

    private func check(_ request: StoreFetchRequest) throws {
        guard let entity = model.entity(named: request.entityName) else { throw ObjectGraphError.unknownEntity(request.entityName) }
        if let predicate = request.predicate {
            let parts: [StorePredicate] = if case .and(let parts) = predicate { parts } else { [predicate] }
            let delegated = parts.filter { !capabilities.requires($0, fetching: entity) }
            if !delegated.isEmpty, !capabilities.canEvaluate(delegated.count == 1 ? delegated[0] : .and(delegated), on: entity, in: model) {
                throw ObjectGraphError.unsupportedExpression("\(predicate)")
            }
        }
        if !capabilities.canSort(request.sortDescriptors, on: entity, in: model) {
            throw ObjectGraphError.unsupportedExpression("\(request.sortDescriptors)")
        }
    }

    /// The predicates fetches received, in order.
    var fetchedPredicates: [StorePredicate?] { predicates.withLock { $0 } }

    func fetch(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        record("fetch")
        predicates.withLock { $0.append(request.predicate) }
        try check(request)
        return try await base.fetch(request)
    }

    func count(_ request: StoreFetchRequest) async throws -> Int {
        record("count")
        try check(request)
        return try await base.count(request)
    }

    func snapshots(for ids: [AnyObjectID]) async throws -> [Snapshot] {
        record("snapshots")
        return await base.snapshots(for: ids)
    }

    func relatedIDs(for relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        record("relatedIDs")
        return try await base.relatedIDs(for: relationshipName, of: entityName, ids: ids)
    }

    func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        record("save")
        return try await base.save(changes)
    }

    func changes() -> StoreChanges { base.changes() }
}

/// Capability sets the conformance suite runs the context against.
enum CapabilityProfile: String, CaseIterable, Sendable {
    /// The store lists objects; the context filters, sorts and pages everything.
    case nothing
    /// Equality and compound predicates on plain attributes; sorts on attributes but not decimals.
    case basic

    var capabilities: StoreCapabilities {
        switch self {
        case .nothing:
            return .none
        case .basic:
            var orderedTypes = StoreCapabilities.all.orderedTypes
            orderedTypes.remove(.decimal)
            return StoreCapabilities(predicates: [.equality, .compound, .inList], sortsByAttribute: true,
                                     sortsThroughToOne: false, orderedTypes: orderedTypes)
        }
    }
}
