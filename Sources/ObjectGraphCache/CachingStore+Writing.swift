import Foundation
import ObjectGraph

extension CachingStore {
    /// Writes `snapshots` (with the caching store's IDs) into the cache: new objects get rows and
    /// identities, changed ones are updated. Objects saves in the outbox change keep their local state, and
    /// so do objects whose saves left the outbox after the answer was read (`readAt`, the outbox's
    /// `removals` then). Returns what changed, for ``changes()``.
    func write(_ snapshots: [Snapshot], fetchedAt date: Date, readAt: UInt64) async throws -> StoreChange {
        try await exclusively {
            var latest: [AnyObjectID: Snapshot] = [:]
            var order: [AnyObjectID] = []
            for snapshot in snapshots where !outbox.isPending(snapshot.id, readAt: readAt) {
                if latest.updateValue(snapshot, forKey: snapshot.id) == nil { order.append(snapshot.id) }
            }
            let known = order.filter { index.cacheIDs[$0] != nil }
            let current = Dictionary(try await cache.snapshots(for: cacheIDs(known)).map { ($0.id, $0) }) { first, _ in first }
            var temporaryIDs: [AnyObjectID: AnyObjectID] = [:]
            for id in order where index.cacheIDs[id] == nil { temporaryIDs[id] = .temporary(entityName: id.entityName) }
            let local = { (id: AnyObjectID?) -> AnyObjectID? in id.flatMap { self.index.cacheIDs[$0] ?? temporaryIDs[$0] } }
            var changes = ChangeSet()
            var inserted: [AnyObjectID] = []
            var change = StoreChange()
            for id in order {
                guard let snapshot = latest[id] else { continue }
                let toOnes = snapshot.toOneIDs.map(local)
                if let cacheID = index.cacheIDs[id], let old = current[cacheID] {
                    guard let update = Self.update(of: old, to: snapshot.values, toOnes: toOnes, model: model) else { continue }
                    changes.updated.append(update)
                    change.record(id, StoreChange.Object(kind: .updated, entityName: snapshot.entityName, properties: ChangedProperties(
                        attributes: update.attributes.map(\.index), toOnes: update.toOnes.map(\.relationshipIndex))))
                } else if let temporary = temporaryIDs[id] {
                    changes.inserted.append(Snapshot(id: temporary, entityName: snapshot.entityName, values: snapshot.values, toOneIDs: SharedSlice(toOnes)))
                    inserted.append(id)
                    change.record(id, StoreChange.Object(kind: .inserted, entityName: snapshot.entityName))
                }
            }
            let cacheIDs = changes.isEmpty ? [] : try await cache.save(changes)
            try index.record(Array(zip(inserted, cacheIDs)).map { (remote: $0.0, cache: $0.1) }, fetchedAt: date)
            try index.markFetched(known, at: date)
            return change
        }
    }

    /// The update that turns the cached `old` into the server's `values` and `toOnes`, or `nil` when equal.
    static func update(of old: Snapshot, to values: SharedSlice<AttributeValue>, toOnes: [AnyObjectID?], model: ModelDescription) -> UpdatedObject? {
        let attributes = values.indices.filter { $0 >= old.values.count || old.values[$0] != values[$0] }
            .map { AttributeChange(index: $0, value: values[$0]) }
        let relationshipIndices = model.entity(named: old.entityName)?.toOneRelationshipIndices ?? []
        let changedToOnes = toOnes.indices.filter { slot in
            slot < relationshipIndices.count && (slot >= old.toOneIDs.count || old.toOneIDs[slot] != toOnes[slot])
        }.map { ToOneChange(relationshipIndex: relationshipIndices[$0], destination: toOnes[$0]) }
        guard !attributes.isEmpty || !changedToOnes.isEmpty else { return nil }
        return UpdatedObject(id: old.id, entityName: old.entityName, attributes: SharedSlice(attributes), toOnes: changedToOnes)
    }

    /// `snapshots` and every object their to-ones reach that the cache lacks, read from the remote store,
    /// so cached objects never point at rows the cache does not have.
    func withDestinations(_ snapshots: [Snapshot]) async throws -> [Snapshot] {
        var all = snapshots
        var present = Set(snapshots.map(\.id))
        var pending = snapshots
        while true {
            var missing: [AnyObjectID] = []
            for snapshot in pending {
                for case let destination? in snapshot.toOneIDs where index.cacheIDs[destination] == nil && present.insert(destination).inserted {
                    missing.append(destination)
                }
            }
            guard !missing.isEmpty else { return all }
            pending = try await remoteSnapshots(for: missing)
            all += pending
        }
    }
}
