import Foundation
import ObjectGraph

/// Saves: to the server first, then into the cache.
extension CachingStore {
    /// Saves `changes` and returns the permanent IDs of inserted objects.
    public func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        try await saveReturningState(changes).permanentIDs
    }

    /// Saves `changes` on the server (whose errors reach the caller with nothing cached changed), then
    /// writes the server's state of every written object, the deletions and the relationship changes into
    /// the cache, and publishes the save.
    ///
    /// A cache write that fails after the server accepted the save does not fail the save (the server has
    /// it); the objects it touched leave the cache, so the next read asks the server.
    public func saveReturningState(_ changes: ChangeSet) async throws -> SaveResult {
        let result = try await remote.saveReturningState(changes)
        let permanent = Dictionary(zip(changes.inserted.map(\.id), result.permanentIDs)) { first, _ in first }
        let remoteID = { (id: AnyObjectID) -> AnyObjectID in permanent[id] ?? id }
        do {
            try await writeSaved(changes, result: result, permanentID: remoteID)
        } catch {
            let touched = result.permanentIDs + changes.updated.map(\.id) + changes.toManyChanges.map(\.ownerID)
            _ = try? await evict(touched, keepingReferenced: false)
        }
        broadcaster.publish { StoreChange(committing: changes, permanentIDs: result.permanentIDs) }
        return result
    }

    /// Writes a save the server accepted into the cache.
    private func writeSaved(_ changes: ChangeSet, result: SaveResult, permanentID: @escaping (AnyObjectID) -> AnyObjectID) async throws {
        let now = Date()
        let written = Dictionary(result.savedSnapshots.map { ($0.id, $0) }) { _, last in last }
        // Inserted objects first, in change set order: the cache's natural order follows the server's.
        let inserted = changes.inserted.map { snapshot in
            let id = permanentID(snapshot.id)
            return written[id] ?? Snapshot(id: id, entityName: snapshot.entityName, values: snapshot.values,
                                           toOneIDs: SharedSlice(snapshot.toOneIDs.map { $0.map(permanentID) }))
        }
        _ = try await write(inserted + result.savedSnapshots, fetchedAt: now)
        _ = try await evict(changes.deleted.map(\.id), keepingReferenced: false)
        try await exclusively {
            var updates = ChangeSet()
            for update in changes.updated where written[update.id] == nil {
                guard let id = index.cacheIDs[update.id] else { continue }
                updates.updated.append(UpdatedObject(
                    id: id, entityName: update.entityName, attributes: update.attributes,
                    toOnes: update.toOnes.map { ToOneChange(relationshipIndex: $0.relationshipIndex, destination: $0.destination.flatMap { index.cacheIDs[permanentID($0)] }) }))
            }
            for toMany in changes.toManyChanges {
                guard let owner = index.cacheIDs[permanentID(toMany.ownerID)] else { continue }
                let local = { (ids: [AnyObjectID]) in ids.compactMap { self.index.cacheIDs[permanentID($0)] } }
                updates.toManyChanges.append(ToManyChange(
                    ownerID: owner, entityName: toMany.entityName, relationshipIndex: toMany.relationshipIndex,
                    added: local(toMany.added), removed: local(toMany.removed), orderedIDs: toMany.orderedIDs.map(local)))
            }
            if !updates.isEmpty { _ = try await cache.save(updates) }
        }
        try await enforceLimit()
    }
}
