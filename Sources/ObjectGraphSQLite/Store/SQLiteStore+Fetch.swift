import ObjectGraph

extension SQLiteStore {
    /// The matching snapshots in SQL: filtered, sorted (ties in insertion order), offset and limited.
    public func fetch(_ request: StoreFetchRequest) throws -> [Snapshot] {
        try withConnection { connection in
            let (sql, table) = try SelectBuilder(schema: schema).fetch(request)
            let statement = try connection.statement(sql.text)
            defer { statement.reset() }
            statement.bind(sql.arguments)
            let reader = RowReader(schema: schema, table: table)
            var snapshots: [Snapshot] = []
            while try statement.step() { snapshots.append(try reader.snapshot(statement)) }
            return snapshots
        }
    }

    /// The number of matching objects, after offset and limit, counted in SQL.
    public func count(_ request: StoreFetchRequest) throws -> Int {
        try withConnection { connection in
            let sql = try SelectBuilder(schema: schema).count(request)
            let statement = try connection.statement(sql.text)
            defer { statement.reset() }
            statement.bind(sql.arguments)
            return try statement.step() ? Int(statement.int64(0)) : 0
        }
    }

    /// The snapshots of the existing objects among `ids`, in order: one query per table.
    public func snapshots(for ids: [AnyObjectID]) throws -> [Snapshot] {
        try withConnection { connection in
            var found: [AnyObjectID: Snapshot] = [:]
            for (tableName, keys) in Self.keysByTable(ids) {
                guard let table = try? schema.table(named: tableName) else { continue }
                let statement = try connection.statement(
                    "SELECT \(table.selectList(alias: "t")) FROM \(SQL.quote(table.name)) t WHERE "
                        + "\(SQL.column("t", SQL.primaryKey)) IN (SELECT value FROM json_each(?))")
                defer { statement.reset() }
                statement.bind(Self.jsonArray(keys), at: 1)
                let reader = RowReader(schema: schema, table: table)
                while try statement.step() {
                    let snapshot = try reader.snapshot(statement)
                    found[snapshot.id] = snapshot
                }
            }
            return ids.compactMap { found[$0] }
        }
    }

    /// Integer keys of `ids` grouped by table; other IDs cannot exist in this store.
    static func keysByTable(_ ids: [AnyObjectID]) -> [String: [Int64]] {
        var keys: [String: [Int64]] = [:]
        for id in ids {
            if case .integer(let key) = id.key { keys[id.entityName, default: []].append(key) }
        }
        return keys
    }

    /// `[1,2,3]`: a list of keys bound as one parameter and read with `json_each`.
    static func jsonArray(_ keys: [Int64]) -> String {
        "[" + keys.map(String.init).joined(separator: ",") + "]"
    }
}
