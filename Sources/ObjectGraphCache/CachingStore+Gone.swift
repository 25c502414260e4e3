import ObjectGraph

/// Objects the server says are gone (it answers 404 at their own URL) leave the cache as a deletion in a
/// context would take them: by the model's delete rules, so no cached object is left pointing at them.
///
/// - **Cascade**: the destinations leave the cache too, by their own rules in turn (the server deleted
///   them with the object; if it did not, the next read brings them back).
/// - **Nullify**, **Deny**, **No Action**: the destinations' to-ones that point at the object are cleared
///   and published as updates of those objects. The server has already deleted the object, so Deny has
///   nothing left to refuse, and a key left dangling would read as nil anyway.
///
/// Links of many-to-manys go with the object's row. A to-one without an inverse cannot be asked who
/// points at the object: such a reference dangles and reads as nil. Objects saves in the outbox change
/// keep their state (they are pinned), as for every server answer.
extension CachingStore {
    /// Removes the objects with `ids` that the server answered 404 for (read at `readAt`), with what their
    /// delete rules reach; returns the deletions and the cleared to-ones.
    func removeGone(_ ids: [AnyObjectID], readAt: UInt64) async throws -> StoreChange {
        try await exclusively {
            let isPinned = { (cacheID: AnyObjectID) in self.index.remoteIDs[cacheID].map { self.outbox.isPending($0, readAt: readAt) } ?? true }
            var doomed: [Snapshot] = []
            var doomedIDs: Set<AnyObjectID> = []
            var cleared: [AnyObjectID: Set<Int>] = [:]
            var level = try await cache.snapshots(for: cacheIDs(ids).filter { !isPinned($0) })
            while !level.isEmpty {
                doomed += level
                doomedIDs.formUnion(level.map(\.id))
                var cascaded: Set<AnyObjectID> = []
                for (relationship, destinations) in try await destinationsByRelationship(of: level) {
                    if relationship.deleteRule == .cascade {
                        cascaded.formUnion(destinations.filter { !doomedIDs.contains($0) && !isPinned($0) })
                    } else if let inverse = inverseToOneIndex(of: relationship) {
                        for destination in destinations { cleared[destination, default: []].insert(inverse) }
                    }
                }
                level = try await cache.snapshots(for: Array(cascaded))
            }
            guard !doomed.isEmpty else { return StoreChange() }
            var change = StoreChange()
            var updates: [UpdatedObject] = []
            let referrers = cleared.keys.filter { !doomedIDs.contains($0) && !isPinned($0) }
            for referrer in try await cache.snapshots(for: referrers) {
                guard let remoteID = index.remoteIDs[referrer.id] else { continue }
                let indices = (cleared[referrer.id] ?? []).sorted()
                updates.append(UpdatedObject(id: referrer.id, entityName: referrer.entityName, attributes: [],
                                             toOnes: indices.map { ToOneChange(relationshipIndex: $0, destination: nil) }))
                change.record(remoteID, StoreChange.Object(kind: .updated, entityName: referrer.entityName,
                                                           properties: ChangedProperties(toOnes: indices)))
            }
            change.coalesce(with: try await remove(doomed, updating: updates))
            return change
        }
    }

    /// The index of `relationship`'s inverse in its destination entity when the inverse is a to-one, also
    /// its index in every subentity of the destination (they repeat their parent's relationships at the
    /// same indices), so the referrers it clears need no lookup by name.
    private func inverseToOneIndex(of relationship: RelationshipDescription) -> Int? {
        guard let inverseName = relationship.inverseName, let destination = model.entity(named: relationship.destinationEntityName),
              let index = destination.relationshipIndex(named: inverseName), !destination.relationships[index].isToMany else { return nil }
        return index
    }

    /// For each relationship of the entities of `rows` (asked of the entity that declares it), the cached
    /// destinations of those rows.
    private func destinationsByRelationship(of rows: [Snapshot]) async throws -> [(RelationshipDescription, [AnyObjectID])] {
        var answer: [(RelationshipDescription, [AnyObjectID])] = []
        for entity in model.entities {
            let owners = rows.filter { model.isEntity($0.entityName, kindOf: entity.name) }.map(\.id)
            guard !owners.isEmpty else { continue }
            let parent = entity.parentName.flatMap(model.entity(named:))
            for relationship in entity.relationships where parent?.relationshipIndex(named: relationship.name) == nil {
                let related = try await cache.relatedIDs(for: relationship.name, of: entity.name, ids: owners)
                answer.append((relationship, Array(related.values.joined())))
            }
        }
        return answer
    }
}
