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
    /// The entry waits for replay only once the cache has the save, in one cache transaction. When the
    /// cache refuses it as breaking the model (a unique value another object has, a delete rule), the save
    /// fails with that error and leaves nothing behind. A cache write that fails otherwise does not fail
    /// the save (the outbox has it); the objects it touched leave the cache and are read again from the
    /// server once the entry is replayed.
    /// - Throws: ``CachingStoreError/identityDatabase(path:message:sql:)`` when the entry cannot be queued,
    ///   or the cache's ``ObjectGraph/ObjectGraphError``; then nothing changed.
    public func saveReturningState(_ changes: ChangeSet) async throws -> SaveResult {
        let localIDs = changes.inserted.map { aliases.newLocalID(root: $0.id.entityName) }
        let permanent = Dictionary(zip(changes.inserted.map(\.id), localIDs)) { first, _ in first }
        let stored = changes.mappingIDs { permanent[$0] ?? $0 }
        let entry = try database.transaction { () throws(CachingStoreError) in
            try aliases.addLocal(localIDs)
            return try outbox.persist(stored)
        }
        do {
            try await writeLocally(stored)
            outbox.enqueue(entry)
        } catch let error as ObjectGraphError where error.breaksModel {
            try database.transaction { () throws(CachingStoreError) in
                try outbox.remove(entry.sequence)
                try aliases.forget(localIDs)
            }
            throw error
        } catch {
            outbox.enqueue(entry)
            _ = try? await evict(Array(stored.touchedIDs), keepingReferenced: false, keepingPending: false)
        }
        try? await enforceLimit()
        broadcaster.publish { StoreChange(committing: changes, permanentIDs: localIDs) }
        startReplay()
        return SaveResult(permanentIDs: localIDs)
    }

    /// Writes a save (with store IDs) into the cache in one cache save: all of it or, when that throws,
    /// nothing.
    private func writeLocally(_ changes: ChangeSet) async throws {
        try await exclusively {
            var temporaryIDs: [AnyObjectID: AnyObjectID] = [:]
            for snapshot in changes.inserted { temporaryIDs[snapshot.id] = .temporary(entityName: snapshot.id.entityName) }
            let local = { (id: AnyObjectID?) -> AnyObjectID? in id.flatMap { self.index.cacheIDs[$0] ?? temporaryIDs[$0] } }
            var cached = ChangeSet()
            for snapshot in changes.inserted {
                cached.inserted.append(Snapshot(id: temporaryIDs[snapshot.id]!, entityName: snapshot.entityName, values: snapshot.values,
                                                toOneIDs: SharedSlice(snapshot.toOneIDs.map(local))))
            }
            for update in changes.updated {
                guard let id = local(update.id) else { continue }
                cached.updated.append(UpdatedObject(
                    id: id, entityName: update.entityName, attributes: update.attributes,
                    toOnes: update.toOnes.map { ToOneChange(relationshipIndex: $0.relationshipIndex, destination: local($0.destination)) }))
            }
            for toMany in changes.toManyChanges {
                guard let owner = local(toMany.ownerID) else { continue }
                cached.toManyChanges.append(ToManyChange(
                    ownerID: owner, entityName: toMany.entityName, relationshipIndex: toMany.relationshipIndex,
                    added: toMany.added.compactMap(local), removed: toMany.removed.compactMap(local),
                    orderedIDs: toMany.orderedIDs.map { $0.compactMap(local) }))
            }
            let deleted = changes.deleted.compactMap { deletion in index.cacheIDs[deletion.id].map { (remote: deletion.id, cache: $0) } }
            cached.deleted = changes.deleted.compactMap { deletion in index.cacheIDs[deletion.id].map { DeletedObject(id: $0, entityName: deletion.entityName) } }
            // Pairs are forgotten before their rows go (a crash leaves rows without pairs, which opening deletes).
            try index.forget(deleted.map(\.remote))
            do {
                let cacheIDs = try await cache.save(cached)
                try index.record(Array(zip(changes.inserted.map(\.id), cacheIDs)).map { (remote: $0.0, cache: $0.1) }, fetchedAt: .distantPast)
            } catch {
                try index.record(deleted, fetchedAt: .distantPast)
                throw error
            }
        }
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

extension ObjectGraphError {
    /// Whether the error says a change set breaks the model (a unique value, a validation rule, a delete
    /// rule, a value's type) rather than that the store failed.
    var breaksModel: Bool {
        switch self {
        case .uniquenessViolation, .validationFailed, .deleteDenied, .typeMismatch: true
        default: false
        }
    }
}
