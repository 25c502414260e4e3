import ObjectGraph

/// What a save checks and loads before it sends anything.
extension RESTStore {
    /// Refuses, before any request, changes the mapping cannot express: unmapped entities, to-ones
    /// without a foreign key, and many-to-many links without an array foreign key on either side.
    func checkExpressible(_ changes: ChangeSet) throws {
        for snapshot in changes.inserted {
            let entity = try compiled.entity(snapshot.entityName)
            for (slot, index) in entity.entity.toOneRelationshipIndices.enumerated()
            where snapshot.toOneIDs.indices.contains(slot) && snapshot.toOneIDs[slot] != nil {
                try requireForeignKey(of: entity, relationshipAt: index, allowingInsertPath: true)
            }
        }
        for update in changes.updated {
            let entity = try compiled.entity(update.entityName)
            for change in update.toOnes {
                try requireForeignKey(of: entity, relationshipAt: change.relationshipIndex, allowingInsertPath: false)
            }
        }
        _ = try linkLists(for: changes.toManyChanges)
        for deletion in changes.deleted { _ = try compiled.entity(deletion.entityName) }
    }

    private func requireForeignKey(of entity: CompiledEntity, relationshipAt index: Int, allowingInsertPath: Bool) throws {
        let name = entity.entity.relationships.indices.contains(index) ? entity.entity.relationships[index].name : "#\(index)"
        if let relationship = entity.relationships[index] {
            if relationship.mapping.foreignKey != nil { return }
            if allowingInsertPath, let inverse = relationship.inverseIndex,
               let owner = try? compiled.entity(relationship.description.destinationEntityName),
               owner.relationships[inverse]?.mapping.insertsThroughPath == true {
                return
            }
        }
        throw RESTError.unsupportedChange("\(entity.entity.name).\(name) has no foreign key (rest.foreignKey) to send")
    }

    /// Loads the objects whose values fill the URLs of the changed and deleted objects, and the
    /// existing destinations of new objects, when no response described them yet; reads again the
    /// objects whose link arrays a save rewrites, when their current members are unknown.
    func loadObjectsNeededForURLs(of changes: ChangeSet) async throws {
        var keyPaths: Set<[String]> = []
        for name in Set(changes.updated.map(\.entityName) + changes.deleted.map(\.entityName)) {
            let mapping = try compiled.entity(name).mapping
            keyPaths.formUnion((mapping.objectPath ?? mapping.path)?.keyPaths ?? [])
        }
        let existing = changes.updated.map(\.id) + changes.deleted.map(\.id)
        _ = try await snapshots(for: existing)
        try await loadObjects(alongPaths: Array(keyPaths), from: existing)
        let destinations = changes.inserted.flatMap { $0.toOneIDs.compactMap(\.self) }.filter { !$0.isTemporary }
        _ = try await snapshots(for: destinations)
        try await reload(ownersWithUnknownLinks(try linkLists(for: changes.toManyChanges)))
    }
}
