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
                let destinationIDs = owners.map { owner in owner.flatMap { toOneID(named: name, of: $0) } }
                let found = try await self.snapshots(for: Array(Set(destinationIDs.compactMap { $0 })))
                let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                owners = destinationIDs.map { $0.flatMap { byID[$0] } }
            }
            for (row, owner) in owners.enumerated() {
                guard let owner, let name = path.last else { continue }
                guard let entity = model.entity(named: owner.entityName), let index = entity.attributeIndex(named: name) else {
                    throw ObjectGraphError.unknownProperty(entity: owner.entityName, property: name)
                }
                values[row * paths.count + column] = owner.values[index]
            }
        }
        return FetchedIDs(ids: ObjectIDList(snapshots.map(\.id)), pathCount: paths.count, values: values)
    }

    /// The destination ID of the to-one called `name` in `snapshot`.
    private func toOneID(named name: String, of snapshot: Snapshot) -> AnyObjectID? {
        guard let entity = model.entity(named: snapshot.entityName), let index = entity.relationshipIndex(named: name),
              let slot = entity.toOneSlot(forRelationshipAt: index), slot < snapshot.toOneIDs.count else { return nil }
        return snapshot.toOneIDs[slot]
    }
}
