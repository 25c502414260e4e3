import Foundation
import ObjectGraph
import Testing

/// The tests every ``PersistentStore`` must pass, run against the `Music` fixture model.
///
/// A store's test target runs every check, each as its own test case:
///
/// ```swift
/// import ObjectGraphConformance
/// import Testing
///
/// @Test(arguments: StoreConformance.Check.allCases)
/// func sqliteStore(_ check: StoreConformance.Check) async throws {
///     try await StoreConformance { model in try SQLiteStore(path: ":memory:", model: model) }.run(check)
/// }
/// ```
public struct StoreConformance: Sendable {
    /// One conformance check.
    public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case insertAndFetch, update, delete, identity, typedIDs
        case toOneAndToMany, movingBetweenOwners, orderedToMany, oneToOne, manyToMany, selfReferential
        case deleteCascade, deleteNullify, deleteDeny
        case validation, requiredToOneAndCounts
        case comparisonPredicates, stringPredicates, relationshipPredicates, compoundPredicates, valueTypePredicates
        case sorting, pagingAndCounting
        case pendingChangesInFetches, prefetching, inheritance
        case atomicFailedSave, rollbackAndRefresh, twoContexts

        /// The check's name in test output.
        public var testDescription: String { rawValue }
    }

    /// Makes a new, empty store for a model.
    public let makeStore: @Sendable (ModelDescription) async throws -> any PersistentStore

    /// Creates a suite over a store factory; each check gets a new store.
    public init(_ makeStore: @escaping @Sendable (ModelDescription) async throws -> any PersistentStore) {
        self.makeStore = makeStore
    }

    /// Runs one check, recording failures with Swift Testing.
    public func run(_ check: Check) async throws {
        let store = try await makeStore(MusicModel.model.schema)
        let checks = Checks(store: store)
        switch check {
        case .insertAndFetch: try await checks.insertAndFetch()
        case .update: try await checks.update()
        case .delete: try await checks.delete()
        case .identity: try await checks.identity()
        case .typedIDs: try await checks.typedIDs()
        case .toOneAndToMany: try await checks.toOneAndToMany()
        case .movingBetweenOwners: try await checks.movingBetweenOwners()
        case .orderedToMany: try await checks.orderedToMany()
        case .oneToOne: try await checks.oneToOne()
        case .manyToMany: try await checks.manyToMany()
        case .selfReferential: try await checks.selfReferential()
        case .deleteCascade: try await checks.deleteCascade()
        case .deleteNullify: try await checks.deleteNullify()
        case .deleteDeny: try await checks.deleteDeny()
        case .validation: try await checks.validation()
        case .requiredToOneAndCounts: try await checks.requiredToOneAndCounts()
        case .comparisonPredicates: try await checks.comparisonPredicates()
        case .stringPredicates: try await checks.stringPredicates()
        case .relationshipPredicates: try await checks.relationshipPredicates()
        case .compoundPredicates: try await checks.compoundPredicates()
        case .valueTypePredicates: try await checks.valueTypePredicates()
        case .sorting: try await checks.sorting()
        case .pagingAndCounting: try await checks.pagingAndCounting()
        case .pendingChangesInFetches: try await checks.pendingChangesInFetches()
        case .prefetching: try await checks.prefetching()
        case .inheritance: try await checks.inheritance()
        case .atomicFailedSave: try await checks.atomicFailedSave()
        case .rollbackAndRefresh: try await checks.rollbackAndRefresh()
        case .twoContexts: try await checks.twoContexts()
        }
    }
}

/// The checks of one run, sharing a store. Each check lives in an extension grouped by topic.
struct Checks {
    let store: any PersistentStore
    /// Keeps every context of a check alive: objects do not retain their context.
    private let contexts = ContextKeeper()

    init(store: any PersistentStore) {
        self.store = store
    }

    /// A new context over the store, alive until the check ends.
    func context() throws -> ObjectContext {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        contexts.all.append(context)
        return context
    }

    /// A new context over the store holding the saved seed data, and that data's names.
    func seeded() async throws -> ObjectContext {
        let context = try context()
        try MusicSeed.insert(into: context)
        try await context.save()
        return try self.context()
    }
}

final class ContextKeeper {
    var all: [ObjectContext] = []
}

/// Names of objects, for readable expectations.
func titles(_ albums: [Album]) -> [String] { albums.map(\.title) }

/// Names of objects as a set, for unordered expectations.
func titleSet(_ albums: [Album]) -> Set<String> { Set(albums.map(\.title)) }
