import Foundation
import ObjectGraph

/// A ``PersistentStore`` that serves a REST/JSON API as an object graph, driven by the REST mapping the
/// generator emits into each ``EntityDescription``.
///
/// - Fetches GET the entity's list URL (`rest.path`); `attribute == value` predicates named in
///   ``Configuration/queryParameters`` travel as query parameters, everything else the context
///   evaluates in memory; `limit`/`offset` become page parameters and `Link: rel="next"` is followed.
///   A list URL with placeholders takes their values from the predicate's `==` conjuncts
///   (`Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World")` GETs
///   `/repos/octocat/Hello-World/issues`), and the fetched objects are linked to the object those
///   values name; a predicate that does not pin every placeholder throws
///   ``RESTError/unpinnedPlaceholders(entity:template:keyPaths:)``. When the `==` conjuncts pin every
///   placeholder of the object URL (`\.login == "octocat"` for `/users/:login`), the fetch GETs that one
///   object; a 404 there is an empty result.
/// - Relationship faults GET the relationship's URL with the owner's values filled in; to-one faults
///   GET the destination's object URL unless a response already described it.
/// - Nested objects and `<relationship>_id` keys create or update the related objects; object IDs are
///   made from the identifier, so one object is one instance in a context.
/// - Saves POST inserts, PATCH changed fields, DELETE deletions, in dependency order, under the
///   mapping's write keys and without read-only values or foreign keys the model does not declare; the
///   server's answers become the objects' values. A 422 is ``RESTError/validationFailed(method:url:message:errors:)``. An HTTP error, timeout or bad response throws a ``RESTError``
///   and the context keeps its changes.
///
/// Responses are cached per store: faulting an object or relationship a response described makes no
/// request, within the bounds of ``Configuration/objectCache``; ``clearCache()`` forgets them.
///
/// HTTP hygiene: every request carries ``Configuration/headers`` (and ``Configuration/headerProvider``'s);
/// a `GET` of a URL whose last response had an `ETag` or `Last-Modified` is conditional, and a `304 Not
/// Modified` reuses that response (its objects count as unchanged); an exhausted rate limit
/// (`X-RateLimit-Remaining: 0` with `X-RateLimit-Reset`, or `Retry-After`) holds requests back before
/// they are sent; idempotent requests are retried with backoff after timeouts, dropped connections and
/// 5xx/429 answers (``RetryPolicy``). ``statistics`` counts what was sent.
///
/// ```swift
/// let store = try RESTStore(model: GitHubModel.model.schema, baseURL: URL(string: "https://api.github.com")!)
/// let context = try ObjectContext(store: store, model: GitHubModel.model)
/// let octocat = try await User.first(in: context, where: \.login == "octocat")
/// for repository in try await octocat?.repositories ?? [] {
///     print(repository.fullName, try await repository.owner === octocat)  // true
/// }
/// ```
public actor RESTStore: PersistentStore {
    /// The model the store was opened with.
    public nonisolated let model: ModelDescription
    /// The store's configuration.
    public nonisolated let configuration: Configuration
    nonisolated let compiled: CompiledModel
    nonisolated let client: RESTClient
    var cache: ObjectCache
    /// What saves wrote while reads were in flight (``adopt(_:readAt:)``).
    var savesDuringReads = WritesDuringReads<CacheEntry>()
    /// How many cache entries the last save wrote and applied to ``cache`` (``CacheOverlay/Changes/writtenCount``), for
    /// the tests that check a save costs what it changes, not what the cache holds.
    var lastSaveCacheEntries = 0
    /// How many cache entries taking in the last response wrote and compared (``CacheOverlay/Changes/writtenCount``),
    /// for the tests that check a read costs what its response holds, not what the cache holds.
    var lastReadCacheEntries = 0
    /// How many cached objects the last link of a pinned fetch compared with the pinned values, for the
    /// tests that check it reads the objects holding those values, not the whole cache.
    var lastPinnedCandidates = 0
    /// Objects a failed save already created on the server, by their temporary IDs.
    var completedInserts: [AnyObjectID: CreatedObject] = [:]
    /// By temporary ID, how many `POST`s of a new object the server refused with a 4xx.
    var idempotencyAttempts: [AnyObjectID: Int] = [:]
    /// Idempotency keys the caller chose for new objects, by temporary ID, during a save.
    var suppliedIdempotencyKeys: [AnyObjectID: String] = [:]
    /// A random prefix of this store's idempotency keys, so keys never repeat across stores or runs.
    nonisolated let idempotencyPrefix = UUID().uuidString.lowercased()
    /// Publishes saves and objects fetches found changed (``changes()``).
    nonisolated let broadcaster = StoreChangeBroadcaster()

    /// Opens a store for `model` on the API at `baseURL`.
    /// - Throws: ``RESTError/invalidMapping(entity:reason:)`` when a mapping names properties the model lacks.
    public init(
        model: ModelDescription,
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        configuration: Configuration = Configuration()
    ) throws(RESTError) {
        self.model = model
        self.configuration = configuration
        self.compiled = try CompiledModel(model: model, overrides: configuration.mappings)
        self.client = RESTClient(transport: transport, urls: URLBuilder(baseURL: baseURL), configuration: configuration)
        self.cache = compiled.emptyCache()
    }

    /// Equality (`==`, `!=`, nil checks) when some query parameters are configured, nothing otherwise;
    /// and, for entities whose list URL or object URL has placeholders, those key paths as
    /// ``StoreCapabilities/requiredEqualityPaths``, so `==` conjuncts on them always reach the store
    /// (the list URL needs them; with every object URL placeholder pinned, one GET of that URL answers);
    /// to-manys with neither a URL nor an identifier array as ``StoreCapabilities/unloadableRelationships``,
    /// so deleting an object does not ask for them.
    /// The store re-checks every predicate it receives on the decoded objects, so an endpoint that
    /// filters loosely, or not at all, still gives exact answers; sorting is left to the context.
    public nonisolated var capabilities: StoreCapabilities {
        var capabilities = configuration.queryParameters.isEmpty ? StoreCapabilities.none
            : StoreCapabilities(predicates: [.equality], sortsByAttribute: false, sortsThroughToOne: false, orderedTypes: [])
        capabilities.requiredEqualityPaths = compiled.pinnablePaths
        capabilities.unloadableRelationships = compiled.unloadableRelationships
        return capabilities
    }

    deinit {
        broadcaster.finish()
    }

    /// The number of HTTP requests sent so far, retries included.
    public nonisolated var requestCount: Int { client.statistics.requests }

    /// What the store has sent so far: requests, `304 Not Modified` answers, retries.
    public nonisolated var statistics: RESTStatistics { client.statistics }

    /// Forgets every cached object and list, so the next faults load from the server again.
    public func clearCache() {
        cache = compiled.emptyCache()
    }

    /// Writes into the store's cache what taking in a response read at `readAt` (from
    /// ``WritesDuringReads/beginRead()``) changed (``CacheOverlay/takeChanges()``), and publishes the
    /// objects whose values changed: the cost is that of the objects and lists the response holds, not of
    /// the cache. Objects and relationship lists a save wrote after the read was sent keep their cached
    /// state (a list the save dropped stays dropped): the response may predate the save.
    func adopt(_ read: CacheOverlay.Changes, readAt: UInt64) {
        let changes = read.leaving { savesDuringReads.wasWritten($0, after: readAt) }
        publishDifferences(changes.objects)
        cache.apply(changes)
        lastReadCacheEntries = read.writtenCount
    }

    /// Keeps at most ``RESTObjectCachePolicy/maximumObjects`` objects. Called as an operation ends, once
    /// its answer is built, so an answer of more objects than the limit is still whole (the limit bounds
    /// what stays cached between operations).
    func trimCache() {
        cache.trim(toAtMost: configuration.objectCache.maximumObjects) { id, objects in
            guard let entity = try? compiled.entity(objects[id]?.entityName ?? id.entityName) else { return nil }
            return try? objectURL(of: id, entity: entity, objects: objects)
        }
    }

    /// Whether a fault may answer with the cached object `id` (cached and not older than the policy's age).
    func hasFresh(_ id: AnyObjectID) -> Bool {
        cache.hasFresh(id, maximumAge: configuration.objectCache.maximumAge)
    }

    /// GETs the entity's list URL (following pages) and returns the matching objects; when the
    /// predicate's `==` conjuncts pin every placeholder of the entity's object URL (`rest.objectPath`,
    /// e.g. `\.login == "octocat"` for `/users/:login`), GETs that one object instead, and a 404 there
    /// means no object matches.
    /// - Throws: ``RESTError/unpinnedPlaceholders(entity:template:keyPaths:)`` before any request when the
    ///   list URL has placeholders that the predicate's `==` conjuncts do not pin.
    public func fetch(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        let entity = try compiled.entity(request.entityName)
        let filter = request.predicate.map { QueryPlan($0, entity: entity, parameters: configuration.queryParameters) }
        // In a hierarchy with an entity key, a list may hold objects of other entities (one collection
        // for the whole hierarchy): they are read, then left out, so paging happens here.
        let filtersEntities = compiled.entityKey(of: entity) != nil
        let pagesOnServer = filter == nil && !filtersEntities
        let ids: [AnyObjectID]
        let pinnedPath: RESTPath
        if let (objectPath, url) = try objectURL(of: entity, pinnedBy: filter) {
            ids = try await fetchObject(at: url, as: entity)
            pinnedPath = objectPath
        } else {
            (ids, pinnedPath) = try await fetchList(of: entity, filter: filter, request: request, pagesOnServer: pagesOnServer)
        }
        var matching = Self.unique(ids)
        if filtersEntities {
            matching = matching.filter { id in
                guard let name = cache.objects[id]?.entityName else { return false }
                return request.includesSubentities ? model.isEntity(name, kindOf: request.entityName) : name == request.entityName
            }
        }
        try await link(matching, toDestinationsPinnedBy: filter, in: pinnedPath, entity: entity)
        if let predicate = request.predicate {
            let compiledPredicate = try CompiledPredicate(predicate, entity: entity.entity, model: model)
            let resolver = CacheResolver(cache: cache, model: model)
            matching = matching.filter { compiledPredicate.evaluate($0, resolver: resolver) }
        }
        if !pagesOnServer {
            matching = Array(matching.dropFirst(max(0, request.offset)).prefix(request.limit.map { max(0, $0) } ?? Int.max))
        }
        if !request.sortDescriptors.isEmpty {
            matching = try CompiledSort(request.sortDescriptors, entity: entity.entity, model: model)
                .sorted(matching, resolver: CacheResolver(cache: cache, model: model))
        }
        defer { trimCache() }
        return matching.compactMap { id in cache.objects[id]?.snapshot(id: id) }
    }

    /// The objects of the entity's list URL (its placeholders filled from `filter`), decoded, and the
    /// list URL's template.
    private func fetchList(
        of entity: CompiledEntity, filter: QueryPlan?, request: StoreFetchRequest, pagesOnServer: Bool
    ) async throws -> ([AnyObjectID], RESTPath) {
        guard let path = entity.mapping.path else {
            throw RESTError.notMapped(entity: entity.entity.name, reason: "list URL (rest.path)")
        }
        let url = try listURL(path, of: entity, filter: filter)
        let envelope = entity.mapping.envelope
        let readAt = savesDuringReads.beginRead()
        defer { savesDuringReads.endRead(readAt) }
        let items = try await client.list(url, skip: pagesOnServer ? request.offset : 0, limit: pagesOnServer ? request.limit : nil) {
            document, url throws(RESTError) in try ResponseDecoder.list(in: document, keys: [envelope], url: url)
        }
        var decoder = ResponseDecoder(compiled: compiled, url: url.absoluteString, cache: CacheOverlay(over: cache))
        var ids: [AnyObjectID] = []
        for item in items { ids.append(try decoder.decodeObject(item, as: entity)) }
        adopt(decoder.cache.takeChanges(), readAt: readAt)
        return (ids, path)
    }

    /// The number of objects ``fetch(_:)`` returns (the API has no count endpoint).
    public func count(_ request: StoreFetchRequest) async throws -> Int {
        var unsorted = request
        unsorted.sortDescriptors = []
        return try await fetch(unsorted).count
    }

    /// Cached objects (described within ``RESTObjectCachePolicy/maximumAge``), and the others GET from
    /// their object URLs concurrently; objects the server does not know (404) are skipped.
    public func snapshots(for ids: [AnyObjectID]) async throws -> [Snapshot] {
        try await reload(ids.filter { !hasFresh($0) })
        defer { trimCache() }
        return ids.compactMap { id in cache.objects[id]?.snapshot(id: id) }
    }

    /// GETs the objects with `ids` from their object URLs, concurrently, into the cache; an object the
    /// server answers 404 for leaves the cache.
    func reload(_ ids: [AnyObjectID]) async throws {
        let missing = Self.unique(ids.filter { !$0.isTemporary })
        guard !missing.isEmpty else { return }
        var requests: [(AnyObjectID, CompiledEntity, URL)] = []
        for id in missing {
            let entity = try compiled.entity(cache.objects[id]?.entityName ?? id.entityName)
            let url = cache.objects[id] == nil ? cache.addresses[id] : nil
            requests.append((id, entity, try url ?? objectURL(of: id, entity: entity, objects: cache.objects)))
        }
        let client = self.client
        let readAt = savesDuringReads.beginRead()
        defer { savesDuringReads.endRead(readAt) }
        let documents = try await withThrowingTaskGroup(of: (AnyObjectID, CompiledEntity, URL, JSONValue?).self) { group in
            for (id, entity, url) in requests {
                group.addTask { (id, entity, url, try await client.getIfPresent(url)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var decoder = ResponseDecoder(compiled: compiled, url: "", cache: CacheOverlay(over: cache))
        for (id, entity, url, document) in documents {
            guard let document else {
                decoder.cache.forget(id)
                continue
            }
            decoder.url = url.absoluteString
            _ = try decoder.decodeObject(decoder.single(in: document, entity: entity), as: entity)
        }
        adopt(decoder.cache.takeChanges(), readAt: readAt)
    }

    static func unique(_ ids: [AnyObjectID]) -> [AnyObjectID] {
        var seen: Set<AnyObjectID> = []
        return ids.filter { seen.insert($0).inserted }
    }
}

extension RESTClient {
    /// The document at `url`, or `nil` when the server answers 404.
    func getIfPresent(_ url: URL) async throws -> JSONValue? {
        do {
            return try await send(.get, url).0
        } catch RESTError.httpStatus(404, _, _, _) {
            return nil
        }
    }
}
