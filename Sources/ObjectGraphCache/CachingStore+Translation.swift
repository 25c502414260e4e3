import ObjectGraph

extension CachingStore {
    /// `snapshot` (read from the cache) with the caching store's IDs; `nil` for a row without identity.
    func remoteSnapshot(_ snapshot: Snapshot) -> Snapshot? {
        guard let id = index.remoteIDs[snapshot.id] else { return nil }
        return Snapshot(id: id, entityName: snapshot.entityName, values: snapshot.values,
                        toOneIDs: SharedSlice(snapshot.toOneIDs.map { $0.flatMap { index.remoteIDs[$0] } }))
    }

    /// Cache snapshots with the caching store's IDs, noting the objects as used.
    func remoteSnapshots(_ snapshots: [Snapshot]) -> [Snapshot] {
        let translated = snapshots.compactMap(remoteSnapshot)
        index.touch(translated.lazy.map(\.id))
        return translated
    }

    /// The cache's IDs of the cached objects among `ids`.
    func cacheIDs(_ ids: [AnyObjectID]) -> [AnyObjectID] {
        ids.compactMap { index.cacheIDs[$0] }
    }
}
