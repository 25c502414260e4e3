import ObjectGraph

extension CachingStore {
    /// Makes the cached relationship `name` of each cached owner in `related` list exactly the server's
    /// destinations (those the cache has): the owner's to-one, the link rows of a many-to-many or ordered
    /// to-many, or the destinations' inverse to-ones; objects saves in the outbox change (or changed after
    /// the answer was read, `readAt`) keep their local state. Returns what changed, with the caching store's IDs.
    func writeRelationship(_ name: String, of entityName: String, _ related: [AnyObjectID: [AnyObjectID]], readAt: UInt64) async throws -> StoreChange {
        guard let entity = model.entity(named: entityName), let relationshipIndex = entity.relationshipIndex(named: name) else {
            return StoreChange()
        }
        let relationship = entity.relationships[relationshipIndex]
        let carriesChanges = model.carriesToManyChanges(of: entityName, relationshipAt: relationshipIndex)
        let inverseIndex = model.inverse(of: relationship).flatMap { inverse in
            model.entity(named: relationship.destinationEntityName)?.relationshipIndex(named: inverse.name)
        }
        return try await exclusively {
            let owners = related.keys.filter { index.cacheIDs[$0] != nil && !outbox.isPending($0, readAt: readAt) }
            let current = try await cache.relatedIDs(for: name, of: entityName, ids: cacheIDs(owners))
            var changes = ChangeSet()
            var change = StoreChange()
            func updateToOne(of id: AnyObjectID, entityName: String, at index: Int, to destination: AnyObjectID?) {
                if let remoteID = self.index.remoteIDs[id], self.outbox.isPending(remoteID, readAt: readAt) { return }
                changes.updated.append(UpdatedObject(id: id, entityName: entityName, attributes: [],
                                                     toOnes: [ToOneChange(relationshipIndex: index, destination: destination)]))
                if let remoteID = self.index.remoteIDs[id] {
                    change.record(remoteID, StoreChange.Object(kind: .updated, entityName: entityName, properties: ChangedProperties(toOnes: [index])))
                }
            }
            for owner in owners {
                guard let ownerID = index.cacheIDs[owner] else { continue }
                let wanted = (related[owner] ?? []).compactMap { index.cacheIDs[$0] }
                let existing = current[ownerID] ?? []
                let (wantedSet, existingSet) = (Set(wanted), Set(existing))
                guard relationship.isOrdered ? wanted != existing : wantedSet != existingSet else { continue }
                if !relationship.isToMany {
                    updateToOne(of: ownerID, entityName: entityName, at: relationshipIndex, to: wanted.first)
                } else if carriesChanges {
                    changes.toManyChanges.append(ToManyChange(
                        ownerID: ownerID, entityName: entityName, relationshipIndex: relationshipIndex,
                        added: wanted.filter { !existingSet.contains($0) }, removed: existing.filter { !wantedSet.contains($0) },
                        orderedIDs: relationship.isOrdered ? wanted : nil))
                    change.record(StoreChange.ToMany(ownerID: owner, entityName: entityName, relationshipIndex: relationshipIndex))
                } else if let inverseIndex {
                    for removed in existing where !wantedSet.contains(removed) {
                        updateToOne(of: removed, entityName: relationship.destinationEntityName, at: inverseIndex, to: nil)
                    }
                    for added in wanted where !existingSet.contains(added) {
                        updateToOne(of: added, entityName: relationship.destinationEntityName, at: inverseIndex, to: ownerID)
                    }
                }
            }
            if !changes.isEmpty { _ = try await cache.save(changes) }
            return change
        }
    }
}
