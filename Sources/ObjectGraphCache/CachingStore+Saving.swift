import Foundation
import ObjectGraph

/// Saves: into the outbox and the cache at once; the outbox replays them to the server
/// (`CachingStore+Replay`).
extension CachingStore {
    /// Saves `changes` and returns the permanent IDs of inserted objects.
    public func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        try await saveReturningState(changes).permanentIDs
    }

    /// Queues `changes` in the outbox (persisted before this returns), writes them into the cache, so
    /// every read sees them (offline too), publishes the save, and starts replaying the outbox. Inserted
    /// objects get local IDs (`Issue/"local-…"`) that stay theirs after the server has them.
    ///
    /// A cache write that fails after the entry was queued does not fail the save (the outbox has it); the
    /// objects it touched leave the cache and are read again from the server once the entry is replayed.
    /// - Throws: ``CachingStoreError/identityDatabase(path:message:sql:)`` when the entry cannot be queued;
    ///   then nothing changed.
    public func saveReturningState(_ changes: ChangeSet) async throws -> SaveResult {
        let localIDs = changes.inserted.map { ObjectAliases.newLocalID(root: $0.id.entityName) }
        let permanent = Dictionary(zip(changes.inserted.map(\.id), localIDs)) { first, _ in first }
        let stored = changes.mappingIDs { permanent[$0] ?? $0 }
        try database.transaction { () throws(CachingStoreError) in
            try aliases.addLocal(localIDs)
            try outbox.append(stored)
        }
        do {
            try await writeLocally(stored)
        } catch {
            _ = try? await evict(Array(stored.touchedIDs), keepingReferenced: false, keepingPending: false)
        }
        broadcaster.publish { StoreChange(committing: changes, permanentIDs: localIDs) }
        startReplay()
        return SaveResult(permanentIDs: localIDs)
    }

    /// Writes a save (with store IDs) into the cache.
    private func writeLocally(_ changes: ChangeSet) async throws {
        _ = try await write(changes.inserted, fetchedAt: .distantPast, keepingPending: false)
        _ = try await evict(changes.deleted.map(\.id), keepingReferenced: false, keepingPending: false)
        try await exclusively {
            let local = { (id: AnyObjectID?) -> AnyObjectID? in id.flatMap { self.index.cacheIDs[$0] } }
            var updates = ChangeSet()
            for update in changes.updated {
                guard let id = local(update.id) else { continue }
                updates.updated.append(UpdatedObject(
                    id: id, entityName: update.entityName, attributes: update.attributes,
                    toOnes: update.toOnes.map { ToOneChange(relationshipIndex: $0.relationshipIndex, destination: local($0.destination)) }))
            }
            for toMany in changes.toManyChanges {
                guard let owner = local(toMany.ownerID) else { continue }
                updates.toManyChanges.append(ToManyChange(
                    ownerID: owner, entityName: toMany.entityName, relationshipIndex: toMany.relationshipIndex,
                    added: toMany.added.compactMap(local), removed: toMany.removed.compactMap(local),
                    orderedIDs: toMany.orderedIDs.map { $0.compactMap(local) }))
            }
            if !updates.isEmpty { _ = try await cache.save(updates) }
        }
        try await enforceLimit()
    }
}

extension ChangeSet {
    /// Every object the change set creates, changes, deletes or links.
    var touchedIDs: Set<AnyObjectID> {
        var ids: Set<AnyObjectID> = []
        for snapshot in inserted {
            ids.insert(snapshot.id)
            ids.formUnion(snapshot.toOneIDs.compactMap(\.self))
        }
        for update in updated {
            ids.insert(update.id)
            ids.formUnion(update.toOnes.compactMap(\.destination))
        }
        ids.formUnion(deleted.map(\.id))
        for change in toManyChanges {
            ids.insert(change.ownerID)
            ids.formUnion(change.added + change.removed + (change.orderedIDs ?? []))
        }
        return ids
    }
}
