import Foundation
import ObjectGraph
import ObjectGraphSQLite

/// A ``ObjectGraph/PersistentStore`` that puts a local ``ObjectGraphSQLite/SQLiteStore`` in front of a remote
/// store (a ``ObjectGraphREST/RESTStore``), so an app keeps reading what it has seen when the server is out
/// of reach.
///
/// - Fetches, counts, object faults and relationship faults follow the ``CachePolicy`` of their entity
///   (``Configuration/entityPolicies``, else ``Configuration/policy``): ask the server and fall back to the
///   cache, answer from the cache and refresh in the background, or the cache only.
/// - Whatever the server answers is written to the cache with every object its to-ones reach; objects a
///   complete (unpaged) fetch no longer returns leave the cache, and changed, new and removed objects are
///   published through ``changes()``, so contexts and live results see refreshed data.
/// - Object IDs are the remote store's (the server's identifiers), the same online, offline and after a
///   restart; the cache's own keys never leave the store (see ARCHITECTURE.md, "Caching store").
/// - The cache is bounded by ``Configuration/maximumObjects``: the least recently used objects no other
///   cached object's to-one points at are evicted.
/// - Saves go into the cache at once (the app sees its changes, offline too) and into a persisted outbox
///   that replays them to the server in order when it is reachable (``outboxEntries``).
/// - Conflicts are not detected: snapshots carry version 0 and a save never fails because another client
///   changed an object since it was read; the last write to reach the server wins
///   (``ObjectGraph/StoreCapabilities/detectsConflicts`` is false).
///
/// ```swift
/// let remote = try RESTStore(model: GitHubModel.model.schema, baseURL: URL(string: "https://api.github.com")!)
/// let store = try await CachingStore(remote: remote, cache: .file("GitHub-cache.sqlite"))
/// let context = try ObjectContext(store: store, model: GitHubModel.model)
/// let issues = try await Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World")
/// ```
public actor CachingStore: PersistentStore {
    /// The model of the remote store.
    public nonisolated let model: ModelDescription
    /// The store that talks to the server.
    public nonisolated let remote: any PersistentStore
    /// The local store that keeps what the server answered.
    public nonisolated let cache: SQLiteStore
    /// Policies, freshness and size.
    public private(set) var configuration: Configuration
    let database: IdentityDatabase
    let index: CacheIndex
    let aliases: ObjectAliases
    let outbox: Outbox
    var replayGate = WriteGate()
    var replayTask: Task<Void, Never>?
    /// How many replay passes in a row could not reach the server (the backoff grows with it).
    var unreachableReplays = 0
    /// The last error that kept the replay from reaching the server.
    var replayError: (any Error)?
    /// Temporary IDs of objects whose creation is being replayed, kept between attempts in this process.
    var replayTemporaryIDs: [AnyObjectID: AnyObjectID] = [:]
    /// Publishes saves and the changes refreshes found (``changes()``).
    nonisolated let broadcaster = StoreChangeBroadcaster()
    var writeGate = WriteGate()
    var refreshes: [UInt64: Task<Void, Never>] = [:]
    var nextRefresh: UInt64 = 0
    /// The error of the last background refresh that failed, if any (``CachePolicy/cacheThenNetwork``).
    public internal(set) var lastRefreshError: (any Error)?

    /// Opens the cache at `location` (a file keeps it across restarts; its identity database is the file
    /// `<path>-identity` beside it) for `remote`'s model, and deletes cache rows a crash left without an
    /// identity.
    ///
    /// - Throws: what ``ObjectGraphSQLite/SQLiteStore/init(at:model:customMigrationSteps:configuration:)``
    ///   throws, or ``CachingStoreError`` when the identity database cannot be opened or read.
    public init(remote: any PersistentStore, cache location: SQLiteStore.Location, configuration: Configuration = Configuration()) async throws {
        self.model = remote.model
        self.remote = remote
        self.configuration = configuration
        self.cache = try await SQLiteStore(at: location, model: remote.model)
        let identityPath: String? = if case .file(let path) = location { path + "-identity" } else { nil }
        self.database = try IdentityDatabase(path: identityPath)
        self.index = try CacheIndex(database: database)
        self.aliases = try ObjectAliases(database: database)
        self.outbox = try Outbox(database: database)
        try await deleteRowsWithoutIdentity()
        if !outbox.isEmpty { startReplay() }
    }

    deinit {
        broadcaster.finish()
        for task in refreshes.values { task.cancel() }
        replayTask?.cancel()
    }

    /// The remote store's capabilities (the context sends only what the server can be asked; the cache
    /// evaluates at least as much), without ``ObjectGraph/StoreCapabilities/detectsConflicts``: the caching
    /// store does not detect conflicts, whatever the remote store does.
    public nonisolated var capabilities: StoreCapabilities {
        var capabilities = remote.capabilities
        capabilities.detectsConflicts = false
        return capabilities
    }

    /// Observes saves and the objects refreshes from the server inserted, changed or removed, with the
    /// caching store's IDs.
    public nonisolated func changes() -> StoreChanges {
        broadcaster.changes()
    }

    /// Sets the policy of `entityName` (and its subentities without their own), or of every entity
    /// without one when `entityName` is `nil`.
    ///
    /// ```swift
    /// await store.setPolicy(.cacheOnly)              // offline mode
    /// await store.setPolicy(.networkFirst, for: "Issue")
    /// ```
    public func setPolicy(_ policy: CachePolicy, for entityName: String? = nil) {
        if let entityName { configuration.entityPolicies[entityName] = policy } else { configuration.policy = policy }
    }

    /// The policy that applies to `entityName`: its own, its nearest ancestor's, or the store's.
    public func policy(for entityName: String) -> CachePolicy {
        var name: String? = entityName
        while let current = name {
            if let policy = configuration.entityPolicies[current] { return policy }
            name = model.entity(named: current)?.parentName
        }
        return configuration.policy
    }

    /// The number of objects in the cache.
    public var cachedObjectCount: Int { index.count }

    /// Waits until every background refresh started so far has ended.
    public func waitForRefreshes() async {
        while let (number, task) = refreshes.first {
            await task.value
            refreshes[number] = nil
        }
    }

    /// Runs `work` in the background (a ``CachePolicy/cacheThenNetwork`` refresh); its error is kept in
    /// ``lastRefreshError``.
    func startRefresh(_ work: @escaping @Sendable (isolated CachingStore) async throws -> Void) {
        nextRefresh += 1
        let number = nextRefresh
        // Detached, as the outbox replay is: what it publishes is nobody's own save.
        refreshes[number] = Task.detached { [weak self] in
            guard let self else { return }
            await self.runRefresh(number, work)
        }
    }

    private func runRefresh(_ number: UInt64, _ work: @Sendable (isolated CachingStore) async throws -> Void) async {
        do {
            try await work(self)
        } catch {
            lastRefreshError = error
        }
        refreshes[number] = nil
    }

    /// Deletes cache rows that have no identity (a crash between writing a row and recording its identity).
    private func deleteRowsWithoutIdentity() async throws {
        let roots = Set(model.entities.map { model.rootEntityName(of: $0.name) })
        var orphans: [DeletedObject] = []
        for root in roots.sorted() {
            let rows = try await cache.fetch(StoreFetchRequest(entityName: root))
            orphans += rows.filter { index.remoteIDs[$0.id] == nil }.map { DeletedObject(id: $0.id, entityName: $0.entityName) }
        }
        if !orphans.isEmpty { _ = try await cache.save(ChangeSet(deleted: orphans)) }
    }
}
