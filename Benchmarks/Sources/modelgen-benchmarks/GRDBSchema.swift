import GRDB

/// The database every GRDB contender opens: a `DatabasePool` (WAL, like the others) with `synchronous =
/// NORMAL`, and the `owner` and `item` tables. `created` is a `.datetime` (GRDB's text format, what
/// `Codable` records write) or, for the tiers tuned for speed, a `.double` of seconds since 2001 like the
/// raw C and ObjectGraph databases.
enum GRDBSchema {
    static func open(path: String, createdType: Database.ColumnType) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.create(table: "owner") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
            }
            try db.create(table: "item") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("quantity", .integer).notNull()
                table.column("price", .double).notNull()
                table.column("score", .integer).notNull()
                table.column("isActive", .boolean).notNull()
                table.column("created", createdType).notNull()
                table.column("code", .text)
                table.column("ratio", .double)
                table.belongsTo("owner")
            }
        }
        return pool
    }
}
