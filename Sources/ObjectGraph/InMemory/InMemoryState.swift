/// The whole content of an ``InMemoryStore``: a value, so a save works on a copy and replaces the
/// original only when every change applied.
struct InMemoryState: Sendable {
    var rows: [AnyObjectID: InMemoryRow] = [:]
    /// IDs in insertion order: the store's natural order.
    var order: [AnyObjectID] = []
    /// Members of link relationships (many-to-many, or without a to-one inverse), and the positions of
    /// ordered relationships whose membership comes from the inverse foreign key.
    var lists: [LinkKey: [AnyObjectID]] = [:]
    var nextKey: [String: Int64] = [:]

    /// The IDs of rows whose entity is one of `entityNames`, in natural order.
    func ids(ofEntities entityNames: Set<String>) -> [AnyObjectID] {
        order.filter { rows[$0].map { entityNames.contains($0.entity.name) } ?? false }
    }

    /// The destinations of `relationship` (at `index` of the owner's entity) for every owner in `owners`.
    func related(
        _ relationship: RelationshipDescription, at index: Int, owners: [AnyObjectID], model: ModelDescription
    ) -> [AnyObjectID: [AnyObjectID]] {
        var result: [AnyObjectID: [AnyObjectID]] = [:]
        for owner in owners where rows[owner] != nil { result[owner] = [] }
        if !relationship.isToMany {
            for owner in owners {
                guard let row = rows[owner], let slot = row.entity.toOneSlot(forRelationshipAt: index) else { continue }
                result[owner] = row.toOneIDs[slot].flatMap { rows[$0] == nil ? nil : [$0] } ?? []
            }
            return result
        }
        if let inverse = model.inverse(of: relationship), !inverse.isToMany {
            let hierarchy = Set(model.entityNames(inHierarchyOf: relationship.destinationEntityName))
            for id in ids(ofEntities: hierarchy) {
                guard let row = rows[id], let inverseIndex = row.entity.relationshipIndex(named: inverse.name),
                      let slot = row.entity.toOneSlot(forRelationshipAt: inverseIndex),
                      let owner = row.toOneIDs[slot], result[owner] != nil else { continue }
                result[owner, default: []].append(id)
            }
            if relationship.isOrdered {
                for (owner, members) in result {
                    result[owner] = ordered(members, by: lists[LinkKey(owner: owner, relationship: relationship.name)] ?? [])
                }
            }
            return result
        }
        for owner in owners where result[owner] != nil {
            result[owner] = (lists[LinkKey(owner: owner, relationship: relationship.name)] ?? []).filter { rows[$0] != nil }
        }
        return result
    }

    /// `members` ordered by their position in `positions`; members without one keep their order at the end.
    private func ordered(_ members: [AnyObjectID], by positions: [AnyObjectID]) -> [AnyObjectID] {
        let rank = Dictionary(positions.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        return members.enumerated().sorted { lhs, rhs in
            let l = rank[lhs.element] ?? positions.count + lhs.offset
            let r = rank[rhs.element] ?? positions.count + rhs.offset
            return l < r
        }.map(\.element)
    }
}

/// Reads an ``InMemoryState``'s rows for the shared evaluator.
struct InMemoryResolver: ObjectResolver {
    let state: InMemoryState
    let model: ModelDescription

    func value(of id: AnyObjectID, attributeAt index: Int) -> AttributeValue {
        guard let row = state.rows[id], row.values.indices.contains(index) else { return .null }
        return row.values[index]
    }

    func destination(of id: AnyObjectID, toOneAt index: Int) -> AnyObjectID? {
        guard let row = state.rows[id], let slot = row.entity.toOneSlot(forRelationshipAt: index),
              let destination = row.toOneIDs[slot], state.rows[destination] != nil else { return nil }
        return destination
    }

    func destinations(of id: AnyObjectID, toManyAt index: Int) -> [AnyObjectID] {
        guard let row = state.rows[id], row.entity.relationships.indices.contains(index) else { return [] }
        return state.related(row.entity.relationships[index], at: index, owners: [id], model: model)[id] ?? []
    }
}
