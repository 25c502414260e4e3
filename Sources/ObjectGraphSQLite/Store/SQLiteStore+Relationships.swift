import ObjectGraph
import ObjectGraphSQL

extension SQLiteStore {
    /// The destinations of a relationship for many owners in one query; ordered relationships in order,
    /// others in the order links were made.
    public func relatedIDs(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) throws -> [AnyObjectID: [AnyObjectID]] {
        guard let (query, layout, keys) = try RelatedQuery.forOwners(
            ids, relationship: relationshipName, of: entityName, schema: schema, dialect: .sqlite) else { return [:] }
        return try withConnection { connection in
            let statement = try connection.statement(query.idsSQL)
            defer { statement.reset() }
            statement.bind(JSONList.integers(keys), at: 1)
            var rows = RelatedRows(query, ownerTable: layout.table)
            while try statement.step() {
                rows.add(owner: statement.int64(0), member: statement.isNull(1) ? nil : statement.int64(1))
            }
            return rows.finish()
        }
    }

    /// The destinations of a relationship for many owners with their snapshots, in one query that reads
    /// each destination's row next to its owner's key (the rows ``relatedIDs(for:of:ids:)`` orders the
    /// same way); a destination shared by several owners is read once per owner and returned once.
    /// (`async` like the requirement, so it, and not the protocol's default, is the witness.)
    public func relatedSnapshots(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) async throws -> RelatedSnapshots? {
        guard let (query, layout, keys) = try RelatedQuery.forOwners(
            ids, relationship: relationshipName, of: entityName, schema: schema, dialect: .sqlite) else {
            return RelatedSnapshots()
        }
        let table = try schema.table(named: query.destinationTable)
        return try withConnection { connection in
            let statement = try connection.statement(query.rowsSQL(table))
            defer { statement.reset() }
            statement.bind(JSONList.integers(keys), at: 1)
            var reader = RowReader(schema: schema, table: table)
            let ownerColumn = Int32(table.columns.count + 2)
            var rows = RelatedRows(query, ownerTable: layout.table)
            while try statement.step() {
                if rows.add(owner: statement.int64(ownerColumn), member: statement.isNull(0) ? nil : statement.int64(0)) {
                    try reader.read(statement)
                }
            }
            return RelatedSnapshots(destinationIDs: rows.finish(), snapshots: reader.finish())
        }
    }
}
