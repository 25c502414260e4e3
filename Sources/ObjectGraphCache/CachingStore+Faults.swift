import Foundation
import ObjectGraph

/// Object and relationship faults, answered from the server or the cache as the entity's policy says.
extension CachingStore {
    /// The objects with `ids`, in order: fresh cached objects and objects saves in the outbox change from
    /// the cache, the others as the policy of their entity says (objects the server no longer has leave
    /// the cache).
    public func snapshots(for ids: [AnyObjectID]) async throws -> [Snapshot] {
        let now = Date()
        let stale = ids.filter { !$0.isTemporary && !outbox.isPending($0) && !index.isFresh($0, maximumAge: configuration.maximumAge, now: now) }
        var byPolicy: [CachePolicy: [AnyObjectID]] = [:]
        for id in stale { byPolicy[policy(for: id.entityName), default: []].append(id) }
        if let refresh = byPolicy[.cacheThenNetwork] {
            let uncached = refresh.filter { index.cacheIDs[$0] == nil }
            if !uncached.isEmpty { _ = try? await objectsFromServer(uncached) }
            let cached = refresh.filter { index.cacheIDs[$0] != nil }
            if !cached.isEmpty { startRefresh { _ = try await $0.objectsFromServer(cached) } }
        }
        var answered: [AnyObjectID: Snapshot] = [:]
        if let asked = byPolicy[.networkFirst] {
            do {
                for snapshot in try await objectsFromServer(asked) { answered[snapshot.id] = snapshot }
            } catch where NetworkFailure.isUnreachable(error) {}
        }
        let fromCache = ids.filter { answered[$0] == nil }
        for snapshot in storeSnapshots(fromCache: try await cache.snapshots(for: cacheIDs(fromCache))) { answered[snapshot.id] = snapshot }
        return ids.compactMap { answered[$0] }
    }

    /// The server's state of the objects with `ids`, written to the cache; cached objects the server does
    /// not return leave it as a deletion would take them, by the model's delete rules (`+Gone`).
    func objectsFromServer(_ ids: [AnyObjectID]) async throws -> [Snapshot] {
        let readAt = outbox.beginRead()
        defer { outbox.endRead(readAt) }
        let snapshots = try await remoteSnapshots(for: ids)
        var change = try await write(try await withDestinations(snapshots), fetchedAt: Date(), readAt: readAt)
        let returned = Set(snapshots.map(\.id))
        change.coalesce(with: try await removeGone(ids.filter { !returned.contains($0) }, readAt: readAt))
        try await enforceLimit()
        publish(change)
        return snapshots
    }

    /// The destinations of `relationshipName` for each of `ids`, as the policy of `entityName` says.
    public func relatedIDs(for relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        let keys = ids.map { Self.key(ofRelationship: relationshipName, of: $0) }
        let isFresh = try keys.allSatisfy { try self.isFresh($0) }
        return try await answer(
            entityName: entityName, isFresh: isFresh,
            fromServer: { try await $0.relatedFromServer(relationshipName, of: entityName, ids: ids) },
            fromCache: { try await $0.relatedFromCache(relationshipName, of: entityName, ids: ids) })
    }

    /// The cache's destinations of `relationshipName` for the cached objects among `ids`.
    func relatedFromCache(_ relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        let related = try await cache.relatedIDs(for: relationshipName, of: entityName, ids: cacheIDs(ids))
        var answer: [AnyObjectID: [AnyObjectID]] = [:]
        for (owner, destinations) in related {
            guard let remoteOwner = index.remoteIDs[owner] else { continue }
            answer[remoteOwner] = destinations.compactMap { index.remoteIDs[$0] }
        }
        index.touch(Array(answer.keys))
        return answer
    }

    /// The server's destinations, written to the cache with the destinations' state, so the cached
    /// relationship equals the server's (the cache's answer while saves wait in the outbox).
    func relatedFromServer(_ relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        let readAt = outbox.beginRead()
        defer { outbox.endRead(readAt) }
        let related = try await remoteRelatedIDs(relationshipName, of: entityName, ids: ids)
        var seen: Set<AnyObjectID> = []
        let destinations = related.values.joined().filter { seen.insert($0).inserted }
        let now = Date()
        var change = try await write(try await withDestinations(try await remoteSnapshots(for: destinations)), fetchedAt: now, readAt: readAt)
        change.coalesce(with: try await writeRelationship(relationshipName, of: entityName, related, readAt: readAt))
        for owner in related.keys { try index.recordFetch(of: Self.key(ofRelationship: relationshipName, of: owner), at: now) }
        try await enforceLimit()
        publish(change)
        return outbox.isEmpty ? related : try await relatedFromCache(relationshipName, of: entityName, ids: ids)
    }

    /// The text a relationship fault's freshness is recorded under.
    static func key(ofRelationship name: String, of owner: AnyObjectID) -> String {
        "related \(name) \(owner.entityName) \(CacheIndex.text(owner.key))"
    }
}
