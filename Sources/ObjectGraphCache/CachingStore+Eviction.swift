import ObjectGraph

/// Removing objects from the cache: those the server no longer has, and the least recently used beyond
/// ``CachingStore/Configuration/maximumObjects``.
///
/// An object another cached object refers to (its to-one, or a many-to-many or inverse-less to-many that
/// lists it) is never evicted for space, so no cached reference dangles; an evicted object leaves the
/// cached to-many lists it was a member of through its own to-one, and every fetch and relationship fault
/// counts as stale afterwards.
extension CachingStore {
    /// Evicts least recently used objects until at most ``Configuration/maximumObjects`` remain (or every
    /// remaining one is referenced).
    func enforceLimit() async throws {
        var excess = index.count - configuration.maximumObjects
        guard excess > 0 else { return }
        var change = StoreChange()
        let candidates = index.leastRecentlyUsed()
        var start = 0
        while excess > 0 && start < candidates.count {
            let chunk = Array(candidates[start..<min(candidates.count, start + max(2 * excess, 256))])
            start += chunk.count
            let evicted = try await evict(chunk, keepingReferenced: true, atMost: excess)
            excess -= evicted.objects.count
            change.coalesce(with: evicted)
        }
        publish(change)
    }

    /// Deletes the cached objects among `ids` (at most `limit`) from the cache, keeping those another
    /// cached object refers to when `keepingReferenced`, and those saves in the outbox change (or changed
    /// after a server answer read at `readAt` asks for it) unless `keepingPending` is false (the save
    /// itself); returns them as deletions.
    func evict(_ ids: [AnyObjectID], keepingReferenced: Bool, keepingPending: Bool = true, readAt: UInt64? = nil,
               atMost limit: Int = .max) async throws -> StoreChange {
        try await exclusively {
            let readAt = readAt ?? outbox.removals
            let rows = try await cache.snapshots(for: cacheIDs(keepingPending ? ids.filter { !outbox.isPending($0, readAt: readAt) } : ids))
            guard !rows.isEmpty else { return StoreChange() }
            let referenced = keepingReferenced ? try await referenced(rows) : []
            let doomed = rows.filter { !referenced.contains($0.id) }.prefix(limit)
            guard !doomed.isEmpty else { return StoreChange() }
            return try await remove(Array(doomed))
        }
    }

    /// Deletes the cached `rows` and applies `updates` in one cache save, forgetting the rows' identities
    /// first (a crash then leaves rows without a pair, which opening deletes) and every recorded fetch
    /// time; returns the rows as deletions.
    func remove(_ rows: [Snapshot], updating updates: [UpdatedObject] = []) async throws -> StoreChange {
        var change = StoreChange()
        var remoteIDs: [AnyObjectID] = []
        for row in rows {
            guard let remoteID = index.remoteIDs[row.id] else { continue }
            remoteIDs.append(remoteID)
            change.record(remoteID, StoreChange.Object(kind: .deleted, entityName: row.entityName))
        }
        try index.forget(remoteIDs)
        try index.forgetFetchTimes()
        _ = try await cache.save(ChangeSet(updated: updates, deleted: rows.map { DeletedObject(id: $0.id, entityName: $0.entityName) }))
        return change
    }

    /// The cache IDs among `rows` that another cached object refers to. A relationship without an inverse
    /// cannot be asked who points at an object, so its possible destinations all count as referenced.
    private func referenced(_ rows: [Snapshot]) async throws -> Set<AnyObjectID> {
        var referenced: Set<AnyObjectID> = []
        for entity in model.entities {
            let parent = entity.parentName.flatMap(model.entity(named:))
            for relationship in entity.relationships where parent?.relationshipIndex(named: relationship.name) == nil {
                let inverse = model.inverse(of: relationship)
                if relationship.isToMany, let inverse, !inverse.isToMany { continue }
                let targets = rows.filter { model.isEntity($0.entityName, kindOf: relationship.destinationEntityName) }.map(\.id)
                guard !targets.isEmpty else { continue }
                guard let inverse else {
                    referenced.formUnion(targets)
                    continue
                }
                let sources = try await cache.relatedIDs(for: inverse.name, of: relationship.destinationEntityName, ids: targets)
                for (target, owners) in sources where !owners.isEmpty { referenced.insert(target) }
            }
        }
        return referenced
    }
}
