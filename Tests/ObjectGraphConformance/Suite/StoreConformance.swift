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
        /// Inserted objects of every attribute type save and read back equal, with permanent IDs.
        case insertAndFetch
        /// Changed attributes save; only changed objects count as updated.
        case update
        /// Deleted objects disappear from the store; their IDs resolve to nothing.
        case delete
        /// Fetching an object twice, or reaching it through a relationship, gives one instance.
        case identity
        /// Typed IDs are Codable, resolve in other contexts, and turn permanent on save.
        case typedIDs
        /// A to-one and its to-many inverse stay in sync, before and after saving.
        case toOneAndToMany
        /// Moving an object to another owner updates both owners, loaded or not.
        case movingBetweenOwners
        /// Ordered to-many relationships keep their order through inserts, moves and removals.
        case orderedToMany
        /// Setting a one-to-one clears the previous partner.
        case oneToOne
        /// Many-to-many links stay in sync on both sides.
        case manyToMany
        /// A many-to-many from an entity to itself stays in sync.
        case selfReferential
        /// The Cascade rule deletes through the graph.
        case deleteCascade
        /// The Nullify rule removes deleted objects from inverses.
        case deleteNullify
        /// The Deny rule refuses the save, naming object and relationship, and keeps changes pending.
        case deleteDeny
        /// Every broken attribute rule is reported in one error; nothing is saved.
        case validation
        /// Required to-ones and to-many maximum counts are validated.
        case requiredToOneAndCounts
        /// `== != < <= > >=`, `IN`, `BETWEEN`, nil checks and constants.
        case comparisonPredicates
        /// `CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `LIKE`, `MATCHES`, with `[c]` and `[d]`.
        case stringPredicates
        /// Key paths through to-ones, and `ANY`/`ALL` over to-manys (nested too).
        case relationshipPredicates
        /// `&&`, `||` and `!` in combination.
        case compoundPredicates
        /// Predicates on URL, UUID, Date, Bool, Double and optional values.
        case valueTypePredicates
        /// Ascending, descending, through to-ones, several keys, nils first, stable.
        case sorting
        /// Limits, offsets, counts and first.
        case pagingAndCounting
        /// Unsaved inserts, changes and deletions show in fetches and counts.
        case pendingChangesInFetches
        /// Prefetched relationships are loaded with the results.
        case prefetching
        /// Fetching a parent entity returns instances of its subentities' classes.
        case inheritance
        /// A save the store refuses changes neither the store nor the context.
        case atomicFailedSave
        /// Rollback discards changes; refresh reloads one object from the store.
        case rollbackAndRefresh
        /// Two contexts on one store see each other's saved changes.
        case twoContexts
        /// The store publishes each committed save, in order, coalesced for slow observers.
        case changeStream
        /// A context merges other contexts' saves (pending edits win per property).
        case mergingBetweenContexts
        /// Fetches show merged values; a context that does not merge keeps its view.
        case mergingOnFetch
        /// A pending reordering of an ordered to-many survives merging other contexts' changes to it.
        case mergingKeepsPendingOrder
        /// Saves of objects others changed since they were read conflict, and merge policies resolve them.
        case conflicts
        /// A fetch with a batch size knows every ID and loads objects batch by batch on access.
        case batchedFetch
        /// `fetchIDs(_:withValuesOf:)` lists `fetch`'s IDs in order with the values of key paths.
        case keyedIDs
        /// The by-name API fetches untyped objects and names the entity and key it does not know.
        case dynamicFetch
        /// A context that goes releases its objects, related both ways, with it.
        case droppedContextReleasesItsObjects
        /// `reset()` releases the objects related both ways that the caller no longer holds.
        case resetReleasesObjects
        /// An object held past a reset or its context keeps its values; its relationships throw.
        case objectsOutliveTheirContext
        /// Objects with pending changes go with their context, or with a reset, and reach no store.
        case pendingChangesGoWithTheirContext
        /// Inserted objects linked to each other and discarded by `rollback()` are freed.
        case rollbackReleasesDiscardedObjects
        /// Objects a saved deletion removes, loaded both ways, are freed.
        case savedDeletionReleasesDeletedObjects
        /// Objects another context's deletion removes, loaded both ways, are freed once merged.
        case mergedDeletionReleasesDeletedObjects
        /// A model carrying a version history opens new data at its current version, with nothing to
        /// migrate (the in-memory store never migrates: its data never outlives the process).
        case versionHistory

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
        if check == .versionHistory { return try await Checks.versionHistory(makeStore: makeStore) }
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
        case .changeStream: try await checks.changeStream()
        case .mergingBetweenContexts: try await checks.mergingBetweenContexts()
        case .mergingOnFetch: try await checks.mergingOnFetch()
        case .mergingKeepsPendingOrder: try await checks.mergingKeepsPendingOrder()
        case .conflicts: try await checks.conflicts()
        case .batchedFetch: try await checks.batchedFetch()
        case .keyedIDs: try await checks.keyedIDs()
        case .dynamicFetch: try await checks.dynamicFetch()
        case .droppedContextReleasesItsObjects: try await checks.droppedContextReleasesItsObjects()
        case .resetReleasesObjects: try await checks.resetReleasesObjects()
        case .objectsOutliveTheirContext: try await checks.objectsOutliveTheirContext()
        case .pendingChangesGoWithTheirContext: try await checks.pendingChangesGoWithTheirContext()
        case .rollbackReleasesDiscardedObjects: try await checks.rollbackReleasesDiscardedObjects()
        case .savedDeletionReleasesDeletedObjects: try await checks.savedDeletionReleasesDeletedObjects()
        case .mergedDeletionReleasesDeletedObjects: try await checks.mergedDeletionReleasesDeletedObjects()
        case .versionHistory: break
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
