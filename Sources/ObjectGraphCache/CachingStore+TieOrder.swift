import ObjectGraph

/// Ties in fetch answers. The cache returns objects with equal sort keys in the order of its rows and the
/// server in its own; live results place them by key (``ObjectGraph/ObjectKey/precedesAmongTies(_:)``), as
/// SQLite's insertion-ordered keys do. Answers are reordered into key order, so a fetch and live results
/// over the same objects agree.
extension CachingStore {
    /// `snapshots` (in `request`'s sort order) with every run of objects whose sort keys are equal in key
    /// order; without sort descriptors, all of them in key order.
    func orderingTies(_ snapshots: [Snapshot], of request: StoreFetchRequest) async throws -> [Snapshot] {
        guard snapshots.count > 1 else { return snapshots }
        var columns: [[AttributeValue]] = []
        for sort in request.sortDescriptors {
            columns.append(try await sortValues(of: snapshots, at: sort.path, entityName: request.entityName))
        }
        var ordered = snapshots
        var start = 0
        for end in 1...snapshots.count {
            if end < snapshots.count && columns.allSatisfy({ AttributeValue.order($0[end - 1], $0[end]) == .orderedSame }) { continue }
            if end - start > 1 { ordered[start..<end].sort { $0.id.key.precedesAmongTies($1.id.key) } }
            start = end
        }
        return ordered
    }

    /// The value of the key path `path` (to-one steps, then an attribute) for each of `snapshots`,
    /// following to-ones through the cache, which holds every cached object's destinations.
    private func sortValues(of snapshots: [Snapshot], at path: [String], entityName: String) async throws -> [AttributeValue] {
        guard var entity = model.entity(named: entityName), let attributeName = path.last else {
            throw ObjectGraphError.unknownProperty(entity: entityName, property: path.joined(separator: "."))
        }
        if path.count == 1, let attributeIndex = entity.attributeIndex(named: attributeName) {
            return snapshots.map { attributeIndex < $0.values.count ? $0.values[attributeIndex] : .null }
        }
        var owners: [Snapshot?] = snapshots
        for name in path.dropLast() {
            guard let index = entity.relationshipIndex(named: name), let slot = entity.toOneSlot(forRelationshipAt: index),
                  let destination = model.entity(named: entity.relationships[index].destinationEntityName) else {
                throw ObjectGraphError.unknownProperty(entity: entity.name, property: name)
            }
            let ids = owners.map { owner in owner.flatMap { slot < $0.toOneIDs.count ? $0.toOneIDs[slot] : nil } }
            let found = storeSnapshotsWithoutUse(fromCache: try await cache.snapshots(for: cacheIDs(Array(Set(ids.compactMap(\.self))))))
            let byID = Dictionary(found.map { ($0.id, $0) }) { first, _ in first }
            owners = ids.map { $0.flatMap { byID[$0] } }
            entity = destination
        }
        guard let attributeIndex = entity.attributeIndex(named: attributeName) else {
            throw ObjectGraphError.unknownProperty(entity: entity.name, property: attributeName)
        }
        return owners.map { owner in owner.flatMap { attributeIndex < $0.values.count ? $0.values[attributeIndex] : nil } ?? .null }
    }
}
