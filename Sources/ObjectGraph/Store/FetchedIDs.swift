/// What ``PersistentStore/fetchIDs(_:withValuesOf:)`` returns: the matching IDs in order, and for each
/// the values of the requested key paths.
///
/// ```swift
/// let keyed = FetchedIDs(ids: ObjectIDList(entityName: "Event", integerKeys: [4, 7]), pathCount: 1,
///                        values: [.integer(2024), .integer(2023)])
/// keyed.values(ofRow: 1)   // [.integer(2023)]
/// ```
public struct FetchedIDs: Sendable, Hashable {
    /// The IDs, in the request's order.
    public var ids: ObjectIDList
    /// The number of key paths, that is of values per row.
    public var pathCount: Int
    /// The values, row after row, each row's in the order of the paths.
    public var values: [AttributeValue]

    /// Creates an answer.
    /// - Precondition: `values.count == ids.count * pathCount`.
    public init(ids: ObjectIDList, pathCount: Int, values: [AttributeValue]) {
        precondition(values.count == ids.count * pathCount, "\(values.count) values for \(ids.count) rows of \(pathCount)")
        self.ids = ids
        self.pathCount = pathCount
        self.values = values
    }

    /// The values of the key paths for the row at `row`.
    public func values(ofRow row: Int) -> ArraySlice<AttributeValue> {
        values[row * pathCount ..< (row + 1) * pathCount]
    }
}

extension PersistentStore {
    /// Reads the IDs from ``fetch(_:)``'s snapshots, and each path's value from the snapshot it ends at,
    /// following to-one steps with one ``snapshots(for:)`` call per step for all rows together.
    public func fetchIDs(_ request: StoreFetchRequest, withValuesOf paths: [[String]]) async throws -> FetchedIDs {
        let snapshots = try await fetch(request)
        var values = [AttributeValue](repeating: .null, count: snapshots.count * paths.count)
        for (column, path) in paths.enumerated() {
            var owners: [Snapshot?] = snapshots
            for name in path.dropLast() {
                var slots = ResolvedByEntity<Int?>()
                let destinationIDs = owners.map { owner in
                    owner.flatMap { owner in
                        slots.value(for: owner.entityName) { toOneSlot(named: name, in: $0) }.flatMap { slot in
                            slot < owner.toOneIDs.count ? owner.toOneIDs[slot] : nil
                        }
                    }
                }
                let found = try await self.snapshots(for: Array(Set(destinationIDs.compactMap { $0 })))
                let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                owners = destinationIDs.map { $0.flatMap { byID[$0] } }
            }
            var indices = ResolvedByEntity<Int?>()
            for (row, owner) in owners.enumerated() {
                guard let owner, let name = path.last else { continue }
                guard let index = indices.value(for: owner.entityName, { model.entity(named: $0)?.attributeIndex(named: name) }) else {
                    throw ObjectGraphError.unknownProperty(entity: owner.entityName, property: name)
                }
                values[row * paths.count + column] = owner.values[index]
            }
        }
        return FetchedIDs(ids: ObjectIDList(snapshots.map(\.id)), pathCount: paths.count, values: values)
    }

    /// The slot among the to-one IDs of `entityName`'s snapshots of the to-one called `name`.
    private func toOneSlot(named name: String, in entityName: String) -> Int? {
        guard let entity = model.entity(named: entityName), let index = entity.relationshipIndex(named: name) else { return nil }
        return entity.toOneSlot(forRelationshipAt: index)
    }
}

/// A value resolved from an entity's name (an attribute's index, a to-one's slot), looked up again only
/// when the entity differs from the previous row's: the rows of a fetch are mostly of one entity, so a
/// key path's names are resolved once per run of rows instead of hashed once per row.
private struct ResolvedByEntity<Value> {
    private var last: (entityName: String, value: Value)?

    mutating func value(for entityName: String, _ resolve: (String) -> Value) -> Value {
        if let last, last.entityName == entityName { return last.value }
        let value = resolve(entityName)
        last = (entityName, value)
        return value
    }
}
