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
        let (destinationIDs, snapshots) = try related(relationshipName, of: entityName, ids: ids) { schema, table in
            RowReader(schema: schema, table: table)
        }
        return RelatedSnapshots(destinationIDs: destinationIDs, snapshots: snapshots ?? [])
    }

    /// The destinations of ``relatedSnapshots(for:of:ids:)``, decoded straight from the same rows into
    /// `model`'s classes.
    public func relatedObjects(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID], model: ManagedObjectModel
    ) async throws -> RelatedObjects? {
        let (destinationIDs, objects) = try related(relationshipName, of: entityName, ids: ids) { schema, table in
            try ObjectRowReader(schema: schema, table: table, model: model)
        }
        return RelatedObjects(destinationIDs: destinationIDs, objects: objects ?? DecodedObjects(model: model))
    }

    /// The destinations of a relationship for many owners, and what the reader `makeReader` makes of
    /// their rows (`nil` when no owner can have any).
    private func related<Reader: RowBatchReader>(
        _ relationshipName: String, of entityName: String, ids: [AnyObjectID],
        reader makeReader: (StoreSchema, TableLayout) throws -> Reader
    ) throws -> (destinationIDs: [AnyObjectID: [AnyObjectID]], rows: Reader.Batch?) {
        guard let (query, layout, keys) = try RelatedQuery.forOwners(
            ids, relationship: relationshipName, of: entityName, schema: schema, dialect: .sqlite) else {
            return ([:], nil)
        }
        let table = try schema.table(named: query.destinationTable)
        return try withConnection { connection in
            let statement = try connection.statement(query.rowsSQL(table))
            defer { statement.reset() }
            statement.bind(JSONList.integers(keys), at: 1)
            var reader = try makeReader(schema, table)
            let ownerColumn = Int32(table.columns.count + 2)
            var rows = RelatedRows(query, ownerTable: layout.table)
            while try statement.step() {
                if rows.add(owner: statement.int64(ownerColumn), member: statement.isNull(0) ? nil : statement.int64(0)) {
                    try reader.read(statement)
                }
            }
            return (rows.finish(), reader.finish())
        }
    }
}
