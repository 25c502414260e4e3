import Foundation
import ObjectGraph

/// Fetches and counts, answered from the server or the cache as the entity's policy says.
extension CachingStore {
    /// The objects matching `request`, from the server or the cache as the entity's ``CachePolicy`` says.
    public func fetch(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        try await answer(
            entityName: request.entityName, isFresh: try isFresh(request),
            fromServer: { try await $0.fetchFromServer(request) },
            fromCache: { try await $0.fetchFromCache(request) })
    }

    /// The number of objects ``fetch(_:)`` returns; from the server, the count of a fetch (which also
    /// refreshes the cache).
    public func count(_ request: StoreFetchRequest) async throws -> Int {
        let unsorted = StoreFetchRequest(
            entityName: request.entityName, includesSubentities: request.includesSubentities, predicate: request.predicate,
            limit: request.limit, offset: request.offset)
        return try await answer(
            entityName: request.entityName, isFresh: try isFresh(unsorted),
            fromServer: { try await $0.fetchFromServer(unsorted).count },
            fromCache: { try await $0.cache.count(unsorted) })
    }

    /// Runs `fromServer` or `fromCache` as the policy of `entityName` says: ``CachePolicy/networkFirst``
    /// replays the outbox, asks the server unless the cached answer is fresh, and falls back to the cache when the server is out
    /// of reach; ``CachePolicy/cacheThenNetwork`` answers from the cache and, when stale, runs `fromServer`
    /// in the background; ``CachePolicy/cacheOnly`` answers from the cache.
    func answer<T: Sendable>(
        entityName: String, isFresh: Bool,
        fromServer: @escaping @Sendable (isolated CachingStore) async throws -> T,
        fromCache: (isolated CachingStore) async throws -> T
    ) async throws -> T {
        switch policy(for: entityName) {
        case .cacheOnly:
            return try await fromCache(self)
        case .cacheThenNetwork:
            if !isFresh { startRefresh { _ = try await fromServer($0) } }
            return try await fromCache(self)
        case .networkFirst:
            if isFresh { return try await fromCache(self) }
            if !outbox.isEmpty { _ = await replayPass() }
            do {
                return try await fromServer(self)
            } catch where NetworkFailure.isUnreachable(error) {
                return try await fromCache(self)
            }
        }
    }

    /// The cache's answer to `request`, ties in key order (`+TieOrder`); a limit or offset applies after
    /// that order, so the cache is asked without them.
    func fetchFromCache(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        var whole = request
        (whole.limit, whole.offset) = (nil, 0)
        var answer = try await orderingTies(storeSnapshotsWithoutUse(fromCache: try await cache.fetch(whole)), of: request)
        if request.limit != nil || request.offset > 0 { answer = Array(answer.dropFirst(request.offset).prefix(request.limit ?? .max)) }
        index.touch(answer.map(\.id))
        return answer
    }

    /// The server's answer to `request`, written to the cache with the objects its to-ones reach; for a
    /// complete (unpaged) fetch, cached objects that match but the server no longer returns leave the cache.
    /// While saves wait in the outbox, the answer is the cache's, which has them. Ties are put in key order
    /// (`+TieOrder`); in a page (limit or offset) the server chose which of them it holds.
    func fetchFromServer(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        let readAt = outbox.beginRead()
        defer { outbox.endRead(readAt) }
        let snapshots = try await remoteFetch(request)
        let now = Date()
        var change = try await write(try await withDestinations(snapshots), fetchedAt: now, readAt: readAt)
        if request.limit == nil && request.offset == 0 {
            let returned = Set(snapshots.map(\.id))
            let cached = try await cache.fetchIDs(request, withValuesOf: []).ids.compactMap { index.remoteIDs[$0] }
            change.coalesce(with: try await evict(cached.filter { !returned.contains($0) }, keepingReferenced: true, readAt: readAt))
        }
        try index.recordFetch(of: Self.key(of: request), at: now)
        try await enforceLimit()
        publish(change)
        // Saves still in the outbox are in the cache only.
        return outbox.isEmpty ? try await orderingTies(snapshots, of: request) : try await fetchFromCache(request)
    }

    /// Publishes `change` unless it is empty.
    func publish(_ change: StoreChange) {
        guard !change.isEmpty else { return }
        broadcaster.publish { change }
    }

    /// Whether the server's answer to `request` is younger than ``Configuration/maximumAge``.
    func isFresh(_ request: StoreFetchRequest) throws -> Bool {
        configuration.maximumAge > .zero ? try isFresh(Self.key(of: request)) : false
    }

    /// Whether the answer recorded under `key` came from the server less than ``Configuration/maximumAge`` ago.
    func isFresh(_ key: String) throws -> Bool {
        guard configuration.maximumAge > .zero, let time = try index.fetchTime(of: key) else { return false }
        return Date().timeIntervalSince(time) < configuration.maximumAge.seconds
    }

    /// The text a fetch's freshness is recorded under: the request as JSON with sorted keys.
    static func key(of request: StoreFetchRequest) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(request)).map { "fetch " + String(decoding: $0, as: UTF8.self) } ?? "fetch \(request)"
    }
}
