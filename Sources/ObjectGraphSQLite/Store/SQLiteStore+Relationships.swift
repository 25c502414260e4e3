import ObjectGraph
import ObjectGraphSQL

extension SQLiteStore {
    /// The destinations of a relationship for many owners in one query; ordered relationships in order,
    /// others in the order links were made.
    public func relatedIDs(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) throws -> [AnyObjectID: [AnyObjectID]] {
        guard let (query, layout, keys) = try relatedQuery(for: relationshipName, of: entityName, ids: ids) else { return [:] }
        return try withConnection { connection in
            let statement = try connection.statement(query.idsSQL)
            defer { statement.reset() }
            statement.bind(JSONList.integers(keys), at: 1)
            var result: [AnyObjectID: [AnyObjectID]] = [:]
            while try statement.step() {
                let owner = AnyObjectID(entityName: layout.table, key: .integer(statement.int64(0)))
                if statement.isNull(1) {
                    if result[owner] == nil { result[owner] = [] }
                } else {
                    result[owner, default: []].append(
                        AnyObjectID(entityName: query.destinationTable, key: .integer(statement.int64(1))))
                }
            }
            return result
        }
    }

    /// The destinations of a relationship for many owners with their snapshots, in one query that reads
    /// each destination's row next to its owner's key (the rows ``relatedIDs(for:of:ids:)`` orders the
    /// same way); a destination shared by several owners is read once per owner and returned once.
    /// (`async` like the requirement, so it, and not the protocol's default, is the witness.)
    public func relatedSnapshots(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) async throws -> RelatedSnapshots? {
        guard let (query, layout, keys) = try relatedQuery(for: relationshipName, of: entityName, ids: ids) else {
            return RelatedSnapshots()
        }
        let table = try schema.table(named: query.destinationTable)
        return try withConnection { connection in
            let statement = try connection.statement(query.rowsSQL(table))
            defer { statement.reset() }
            statement.bind(JSONList.integers(keys), at: 1)
            var reader = RowReader(schema: schema, table: table)
            let ownerColumn = Int32(table.columns.count + 2)
            var result = RelatedSnapshots()
            var seen: Set<Int64> = []
            while try statement.step() {
                let owner = AnyObjectID(entityName: layout.table, key: .integer(statement.int64(ownerColumn)))
                guard !statement.isNull(0) else {
                    if result.destinationIDs[owner] == nil { result.destinationIDs[owner] = [] }
                    continue
                }
                let member = statement.int64(0)
                result.destinationIDs[owner, default: []].append(AnyObjectID(entityName: table.name, key: .integer(member)))
                if seen.insert(member).inserted { try reader.read(statement) }
            }
            result.snapshots = reader.finish()
            return result
        }
    }

    /// The query for relationship `relationshipName` of `entityName`, the declaring entity's layout and
    /// the owners' keys in its table; `nil` when no owner can be in this store.
    private func relatedQuery(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) throws -> (RelatedQuery, EntityLayout, [Int64])? {
        let layout = try schema.layout(of: entityName)
        guard let index = layout.entity.relationshipIndex(named: relationshipName) else {
            throw ObjectGraphError.unknownProperty(entity: entityName, property: relationshipName)
        }
        let keys = Self.keysByTable(ids)[layout.table] ?? []
        guard !keys.isEmpty else { return nil }
        let query = try RelatedQuery(
            layout.relationships[index], of: layout, destination: layout.entity.relationships[index].destinationEntityName,
            schema: schema, dialect: .sqlite)
        return (query, layout, keys)
    }
}
