import ObjectGraph

extension SQLiteStore {
    /// The destinations of a relationship for many owners in one query; ordered relationships in order,
    /// others in the order links were made.
    public func relatedIDs(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) throws -> [AnyObjectID: [AnyObjectID]] {
        let layout = try schema.layout(of: entityName)
        guard let index = layout.entity.relationshipIndex(named: relationshipName) else {
            throw ObjectGraphError.unknownProperty(entity: entityName, property: relationshipName)
        }
        let keys = Self.keysByTable(ids)[layout.table] ?? []
        guard !keys.isEmpty else { return [:] }
        let (sql, destinationTable) = try relatedSQL(
            layout.relationships[index], of: layout, destination: layout.entity.relationships[index].destinationEntityName)
        return try withConnection { connection in
            let statement = try connection.statement(sql)
            defer { statement.reset() }
            statement.bind(JSONList.integers(keys), at: 1)
            var result: [AnyObjectID: [AnyObjectID]] = [:]
            while try statement.step() {
                let owner = AnyObjectID(entityName: layout.table, key: .integer(statement.int64(0)))
                if statement.isNull(1) {
                    if result[owner] == nil { result[owner] = [] }
                } else {
                    result[owner, default: []].append(
                        AnyObjectID(entityName: destinationTable, key: .integer(statement.int64(1))))
                }
            }
            return result
        }
    }

    /// `SELECT owner, destination` for every owner among the keys bound as a JSON array (destination
    /// NULL for an owner without any), in owner then relationship order; and the destination's table.
    private func relatedSQL(
        _ storage: RelationshipStorage, of layout: EntityLayout, destination: String
    ) throws -> (String, String) {
        let owner = SQL.column("o", SQL.primaryKey)
        let from = "FROM \(SQL.quote(layout.table)) o"
        let filter = "WHERE \(owner) IN (SELECT value FROM json_each(?))"
        switch storage {
        case .foreignKey(let column, let table):
            return ("SELECT \(owner), \(SQL.column("d", SQL.primaryKey)) \(from) LEFT JOIN \(SQL.quote(table)) d ON "
                + "\(SQL.column("d", SQL.primaryKey)) = \(SQL.column("o", column)) \(filter)", table)
        case .inverseForeignKey(let table, let column, let positionColumn):
            let member = SQL.column("d", SQL.primaryKey)
            var join = "\(SQL.column("d", column)) = \(owner)"
            if let codes = try schema.memberCodeList(of: destination) {
                join += " AND \(SQL.column("d", SQL.entityColumn)) IN (\(codes))"
            }
            let order = positionColumn.map { "\(SQL.column("d", $0)) IS NULL, \(SQL.column("d", $0)), " } ?? ""
            return ("SELECT \(owner), \(member) \(from) LEFT JOIN \(SQL.quote(table)) d ON \(join) \(filter) "
                + "ORDER BY \(owner), \(order)\(member)", table)
        case .link(let link, let side):
            let position = SQL.column("l", side.positionColumn)
            return ("SELECT \(owner), \(SQL.column("l", side.memberColumn)) \(from) LEFT JOIN \(SQL.quote(link.name)) l ON "
                + "\(SQL.column("l", side.ownerColumn)) = \(owner) \(filter) "
                + "ORDER BY \(owner), \(position) IS NULL, \(position), l.rowid", link.memberTable(side))
        }
    }
}
