import ObjectGraph

/// Ties in fetch answers. The cache returns objects with equal sort keys in the order of its rows and the
/// server in its own; live results place them by key (``ObjectGraph/ObjectKey/precedesAmongTies(_:)``), as
/// SQLite's insertion-ordered keys do. Answers are reordered into key order, so a fetch and live results
/// over the same objects agree.
extension CachingStore {
    /// `snapshots` (in `request`'s sort order) with every run of objects whose sort keys are equal in key
    /// order; without sort descriptors, all of them in key order. An answer without ties, or whose runs
    /// are already in key order, is returned as it is (not copied).
    func orderingTies(_ snapshots: [Snapshot], of request: StoreFetchRequest) async throws -> [Snapshot] {
        guard snapshots.count > 1 else { return snapshots }
        var columns: [SortColumn] = []
        for sort in request.sortDescriptors {
            columns.append(try await sortColumn(of: snapshots, at: sort.path, entityName: request.entityName))
        }
        var ordered = snapshots
        var start = 0
        for end in 1...snapshots.count {
            if end < snapshots.count && columns.allTie(end - 1, end, in: snapshots) { continue }
            if end - start > 1 && !ordered[start..<end].isInKeyOrder {
                ordered[start..<end].sort { $0.id.key.precedesAmongTies($1.id.key) }
            }
            start = end
        }
        return ordered
    }

    /// Where the values of the key path `path` (to-one steps, then an attribute) are for `snapshots`: an
    /// attribute of their own is read in place; through to-ones, the values are read from the cache,
    /// which holds every cached object's destinations.
    private func sortColumn(of snapshots: [Snapshot], at path: [String], entityName: String) async throws -> SortColumn {
        guard var entity = model.entity(named: entityName), let attributeName = path.last else {
            throw ObjectGraphError.unknownProperty(entity: entityName, property: path.joined(separator: "."))
        }
        if path.count == 1, let attributeIndex = entity.attributeIndex(named: attributeName) {
            return .attribute(attributeIndex)
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
        return .values(owners.map { owner in owner.flatMap { attributeIndex < $0.values.count ? $0.values[attributeIndex] : nil } ?? .null })
    }
}

/// The values one sort descriptor orders an answer by.
enum SortColumn {
    /// The snapshots' own attribute at this index.
    case attribute(Int)
    /// One value per snapshot (read through to-ones).
    case values([AttributeValue])

    /// Whether the objects at `first` and `second` of `snapshots` have equal values here.
    func ties(_ first: Int, _ second: Int, in snapshots: [Snapshot]) -> Bool {
        switch self {
        case .attribute(let index):
            Self.areTied(snapshots[first].value(at: index), snapshots[second].value(at: index))
        case .values(let values):
            Self.areTied(values[first], values[second])
        }
    }

    /// Equal in sort order (``ObjectGraph/AttributeValue/order(_:_:)``), with integers compared directly.
    private static func areTied(_ lhs: AttributeValue, _ rhs: AttributeValue) -> Bool {
        if case .integer(let a) = lhs, case .integer(let b) = rhs { return a == b }
        return AttributeValue.order(lhs, rhs) == .orderedSame
    }
}

extension [SortColumn] {
    /// Whether the objects at `first` and `second` of `snapshots` tie in every column.
    func allTie(_ first: Int, _ second: Int, in snapshots: [Snapshot]) -> Bool {
        for column in self where !column.ties(first, second, in: snapshots) { return false }
        return true
    }
}

extension Snapshot {
    /// The value of the attribute at `index`, `null` past the end.
    fileprivate func value(at index: Int) -> AttributeValue {
        index < values.count ? values[index] : .null
    }
}

extension ArraySlice<Snapshot> {
    /// Whether the objects are in key order (``ObjectGraph/ObjectKey/precedesAmongTies(_:)``) already.
    fileprivate var isInKeyOrder: Bool {
        zip(self, dropFirst()).allSatisfy { !$1.id.key.precedesAmongTies($0.id.key) }
    }
}
