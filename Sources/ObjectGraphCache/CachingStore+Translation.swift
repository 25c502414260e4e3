import ObjectGraph

extension CachingStore {
    /// Gives `snapshot` the caching store's IDs, its own read from `rows` (the table of its root entity);
    /// `false` for a row without identity.
    private func translate(_ snapshot: inout Snapshot, rows: [AnyObjectID?]) -> Bool {
        guard let id = rows.storeID(ofRow: snapshot.id) else { return false }
        snapshot.id = id
        if !snapshot.toOneIDs.allSatisfy({ $0 == nil }) {
            snapshot.toOneIDs = SharedSlice(snapshot.toOneIDs.map { $0.flatMap { index.remoteIDs[$0] } })
        }
        return true
    }

    /// Cache snapshots with the caching store's IDs (without noting them as used), translated in place;
    /// rows without identity are left out.
    func storeSnapshotsWithoutUse(fromCache snapshots: consuming [Snapshot]) -> [Snapshot] {
        var translated = snapshots
        var rows: (root: String, table: [AnyObjectID?]) = ("", [])
        var kept = 0
        for position in translated.indices {
            let root = translated[position].id.entityName
            if root != rows.root { rows = (root, index.remoteIDs.table(of: root)) }
            guard translate(&translated[position], rows: rows.table) else { continue }
            if kept != position { translated.swapAt(kept, position) }
            kept += 1
        }
        translated.removeLast(translated.count - kept)
        return translated
    }

    /// Cache snapshots with the caching store's IDs, noting the objects as used.
    func storeSnapshots(fromCache snapshots: [Snapshot]) -> [Snapshot] {
        let translated = storeSnapshotsWithoutUse(fromCache: snapshots)
        index.touch(translated.map(\.id))
        return translated
    }

    /// The cache's IDs of the cached objects among `ids`.
    func cacheIDs(_ ids: [AnyObjectID]) -> [AnyObjectID] {
        ids.compactMap { index.cacheIDs[$0] }
    }
}

/// Crossing to the remote store: store IDs of local objects become the server's, and back.
extension CachingStore {
    /// The remote store's answer to `request`, with store IDs.
    func remoteFetch(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        try await remote.fetch(request).map(aliases.storeSnapshot)
    }

    /// The remote store's state of the objects with store IDs `ids` (objects the server does not have yet
    /// are left out), with store IDs.
    func remoteSnapshots(for ids: [AnyObjectID]) async throws -> [Snapshot] {
        let remoteIDs = ids.compactMap(aliases.remoteID(for:))
        guard !remoteIDs.isEmpty else { return [] }
        return try await remote.snapshots(for: remoteIDs).map(aliases.storeSnapshot)
    }

    /// The remote store's destinations of `relationshipName` for the objects with store IDs `ids`, with store IDs.
    func remoteRelatedIDs(_ relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        let remoteIDs = ids.compactMap(aliases.remoteID(for:))
        guard !remoteIDs.isEmpty else { return [:] }
        let related = try await remote.relatedIDs(for: relationshipName, of: entityName, ids: remoteIDs)
        var answer: [AnyObjectID: [AnyObjectID]] = [:]
        for (owner, destinations) in related { answer[aliases.storeID(for: owner)] = destinations.map(aliases.storeID(for:)) }
        return answer
    }
}

extension ChangeSet {
    /// The change set with every object ID replaced by `transform`'s.
    func mappingIDs<E: Error>(_ transform: (AnyObjectID) throws(E) -> AnyObjectID) throws(E) -> ChangeSet {
        func optional(_ id: AnyObjectID?) throws(E) -> AnyObjectID? {
            guard let id else { return nil }
            return try transform(id)
        }
        func list(_ ids: [AnyObjectID]) throws(E) -> [AnyObjectID] {
            var mapped: [AnyObjectID] = []
            for id in ids { mapped.append(try transform(id)) }
            return mapped
        }
        var result = ChangeSet()
        for snapshot in inserted {
            var toOnes: [AnyObjectID?] = []
            for id in snapshot.toOneIDs { toOnes.append(try optional(id)) }
            result.inserted.append(Snapshot(id: try transform(snapshot.id), entityName: snapshot.entityName, values: snapshot.values, toOneIDs: SharedSlice(toOnes)))
        }
        for update in updated {
            var toOnes: [ToOneChange] = []
            for change in update.toOnes { toOnes.append(ToOneChange(relationshipIndex: change.relationshipIndex, destination: try optional(change.destination))) }
            result.updated.append(UpdatedObject(id: try transform(update.id), entityName: update.entityName, attributes: update.attributes, toOnes: toOnes))
        }
        for deletion in deleted { result.deleted.append(DeletedObject(id: try transform(deletion.id), entityName: deletion.entityName)) }
        for change in toManyChanges {
            var ordered: [AnyObjectID]?
            if let orderedIDs = change.orderedIDs { ordered = try list(orderedIDs) }
            result.toManyChanges.append(ToManyChange(
                ownerID: try transform(change.ownerID), entityName: change.entityName, relationshipIndex: change.relationshipIndex,
                added: try list(change.added), removed: try list(change.removed), orderedIDs: ordered))
        }
        return result
    }
}
