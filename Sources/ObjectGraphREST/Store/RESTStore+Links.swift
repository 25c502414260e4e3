import ObjectGraph

/// Links of to-manys without a to-one inverse (many-to-many): one side's JSON carries the member
/// identifiers as an array under its `foreignKey` (`"tag_ids": [3, 5]`), written in full on save; the
/// other side reads its members from its relationship URL.
extension RESTStore {
    /// One list of link identifiers to rewrite.
    struct LinkList {
        let owner: AnyObjectID
        let relationship: MappedRelationship
        var added: [AnyObjectID] = []
        var removed: [AnyObjectID] = []
    }

    /// The lists that carry `changes`, each change moved to the side whose JSON holds the identifiers.
    /// Changes of to-manys with a to-one inverse are carried by that to-one's foreign key and skipped;
    /// so are the lists of `deleted` objects, and removals of `deleted` members (their DELETE unlinks them).
    /// - Throws: ``RESTError/unsupportedChange(_:)`` when neither side has an array foreign key that saves send.
    func linkLists(for changes: [ToManyChange], deleted: Set<AnyObjectID>) throws -> [LinkList] {
        var lists: [RelationKey: LinkList] = [:]
        var order: [RelationKey] = []
        func record(_ owner: AnyObjectID, _ relationship: MappedRelationship, added: [AnyObjectID], removed: [AnyObjectID]) {
            let key = RelationKey(owner: owner, relationship: relationship.description.name)
            if lists[key] == nil {
                lists[key] = LinkList(owner: owner, relationship: relationship)
                order.append(key)
            }
            lists[key]?.added += added
            lists[key]?.removed += removed
        }
        for var change in changes where !deleted.contains(change.ownerID) {
            change.removed.removeAll { deleted.contains($0) }
            guard !change.added.isEmpty || !change.removed.isEmpty else { continue }
            let entity = try compiled.entity(change.entityName)
            guard entity.entity.relationships.indices.contains(change.relationshipIndex) else {
                throw ObjectGraphError.unknownProperty(entity: change.entityName, property: "#\(change.relationshipIndex)")
            }
            let description = entity.entity.relationships[change.relationshipIndex]
            if let inverse = model.inverse(of: description), !inverse.isToMany { continue }
            if let mapped = entity.relationships[change.relationshipIndex], Self.writesLinkArray(mapped) {
                record(change.ownerID, mapped, added: change.added, removed: change.removed)
            } else if let inverse = try inverseWithLinkArray(of: description) {
                for member in change.added { record(member, inverse, added: [change.ownerID], removed: []) }
                for member in change.removed { record(member, inverse, added: [], removed: [change.ownerID]) }
            } else {
                throw RESTError.unsupportedChange(
                    "\(change.entityName).\(description.name) has no to-one inverse and neither side sends an array foreign key (rest.foreignKey)")
            }
        }
        return order.compactMap { lists[$0] }
    }

    private func inverseWithLinkArray(of relationship: RelationshipDescription) throws -> MappedRelationship? {
        guard let inverseName = relationship.inverseName else { return nil }
        let destination = try compiled.entity(relationship.destinationEntityName)
        guard let index = destination.entity.relationshipIndex(named: inverseName),
              let inverse = destination.relationships[index], inverse.description.isToMany, Self.writesLinkArray(inverse) else { return nil }
        return inverse
    }

    private static func writesLinkArray(_ relationship: MappedRelationship) -> Bool {
        relationship.mapping.foreignKey != nil && relationship.mapping.writesForeignKey
    }

    /// Rewrites each list on the server: the known members, minus removed, plus added, as one PATCH
    /// of the owner. Returns the relationship lists that changed: the rewritten ones and their inverses.
    func save(_ lists: [LinkList], decoder: inout ResponseDecoder, permanentIDs: [AnyObjectID: AnyObjectID]) async throws -> [RelationKey] {
        var changed: [RelationKey] = []
        for list in lists {
            let owner = permanentIDs[list.owner] ?? list.owner
            guard let cached = decoder.cache[owner], let key = list.relationship.mapping.foreignKey else { continue }
            let relationKey = RelationKey(owner: owner, relationship: list.relationship.description.name)
            let added = list.added.map { permanentIDs[$0] ?? $0 }
            let removed = Set(list.removed.map { permanentIDs[$0] ?? $0 })
            let members = Self.unique((decoder.cache.members(of: relationKey) ?? []).filter { !removed.contains($0) } + added)
            let identifiers = members.compactMap { CompiledEntity.json(for: $0.key) }
            let entity = try compiled.entity(cached.entityName)
            let url = try objectURL(of: owner, entity: entity, objects: decoder.cache)
            _ = try await client.send(configuration.updateMethod, url, body: .object([key: .array(identifiers)]))
            decoder.cache.list(members, for: relationKey)
            changed.append(relationKey)
            if let inverse = list.relationship.description.inverseName {
                for member in added + removed {
                    let inverseKey = RelationKey(owner: member, relationship: inverse)
                    decoder.cache.dropList(inverseKey)
                    changed.append(inverseKey)
                }
            }
        }
        return changed
    }

    /// The owners of link lists whose current members are unknown, so they can be read first.
    func ownersWithUnknownLinks(_ lists: [LinkList]) -> [AnyObjectID] {
        lists.filter { list in
            !list.owner.isTemporary && cache.related[RelationKey(owner: list.owner, relationship: list.relationship.description.name)] == nil
        }.map(\.owner)
    }
}
