import ObjectGraph

/// What a save checks and loads before it writes anything.
extension RESTStore {
    /// Refuses, before any write, changes the mapping cannot express: unmapped entities, to-ones whose
    /// foreign key is not sent (`rest.foreignKey`) and that the request URL does not name, and
    /// many-to-many links without an array foreign key on either side. Unlinking an object from a
    /// deleted one (a Nullify delete rule) is the server's business: its DELETE does it.
    func checkExpressible(_ changes: ChangeSet) throws {
        for snapshot in changes.inserted {
            let entity = try compiled.entity(snapshot.entityName)
            for (slot, index) in entity.entity.toOneRelationshipIndices.enumerated()
            where snapshot.toOneIDs.indices.contains(slot) && snapshot.toOneIDs[slot] != nil {
                try requireForeignKey(of: entity, relationshipAt: index, inserting: true)
            }
        }
        let deleted = Set(changes.deleted.map(\.id))
        for update in changes.updated {
            let entity = try compiled.entity(update.entityName)
            for change in update.toOnes where !unlinksDeletedObject(change, of: update.id, entity: entity, deleted: deleted) {
                try requireForeignKey(of: entity, relationshipAt: change.relationshipIndex, inserting: false)
            }
        }
        _ = try linkLists(for: changes.toManyChanges, deleted: deleted)
        for deletion in changes.deleted { _ = try compiled.entity(deletion.entityName) }
    }

    /// Whether `change` empties a to-one of the object `id` whose cached destination is being deleted.
    func unlinksDeletedObject(_ change: ToOneChange, of id: AnyObjectID, entity: CompiledEntity, deleted: Set<AnyObjectID>) -> Bool {
        guard change.destination == nil, let slot = entity.entity.toOneSlot(forRelationshipAt: change.relationshipIndex),
              let old = cache.objects[id]?.toOneIDs[slot] else { return false }
        return deleted.contains(old)
    }

    private func requireForeignKey(of entity: CompiledEntity, relationshipAt index: Int, inserting: Bool) throws {
        let name = entity.entity.relationships.indices.contains(index) ? entity.entity.relationships[index].name : "#\(index)"
        if let relationship = entity.relationships[index] {
            if relationship.mapping.writesForeignKey && relationship.mapping.foreignKey != nil { return }
            if inserting && entity.toOnesNamedByListURL.contains(index) { return }
            if inserting, let inverse = relationship.inverseIndex,
               let owner = try? compiled.entity(relationship.description.destinationEntityName),
               owner.relationships[inverse]?.mapping.insertsThroughPath == true {
                return
            }
        }
        throw RESTError.unsupportedChange(
            "\(entity.entity.name).\(name) changed, but its foreign key is not sent (declare rest.foreignKey) and the request URL does not name it")
    }

    /// Loads the objects whose values fill the URLs of the changed and deleted objects, and the
    /// existing destinations of new objects, when no response described them yet; reads again the
    /// objects whose link arrays a save rewrites, when their current members are unknown.
    func loadObjectsNeededForURLs(of changes: ChangeSet) async throws {
        let existing = changes.updated.map { ($0.id, $0.entityName) } + changes.deleted.map { ($0.id, $0.entityName) }
        _ = try await snapshots(for: existing.map(\.0))
        for (name, objects) in Dictionary(grouping: existing, by: \.1) {
            let entity = try compiled.entity(name)
            guard let path = entity.objectPath ?? entity.path else { continue }
            try await loadObjects(along: [path], from: objects.map(\.0))
        }
        let destinations = changes.inserted.flatMap { $0.toOneIDs.compactMap(\.self) }.filter { !$0.isTemporary }
        _ = try await snapshots(for: destinations)
        try await reload(ownersWithUnknownLinks(try linkLists(for: changes.toManyChanges, deleted: Set(changes.deleted.map(\.id)))))
    }
}
