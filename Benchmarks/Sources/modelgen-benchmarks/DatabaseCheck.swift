import GRDBSQLite

/// What a contender's database file holds, read through a connection of its own so that no contender can
/// report rows it did not write: the row counts of `Owner` and `Item` (table names are case-insensitive in
/// SQLite, so the same query reads every contender's file), the sum of the prices, and the journal mode.
struct DatabaseCheck: Equatable {
    var owners: Int
    var items: Int
    var priceSum: Double
    var journalMode: String

    init(path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            sqlite3_close_v2(db)
            throw BenchmarkFailure(description: "cannot open \(path) to check it")
        }
        defer { sqlite3_close_v2(db) }
        func value(_ sql: String) throws -> (Int, Double, String) {
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW else {
                throw BenchmarkFailure(description: "\(path): \(sql): \(String(cString: sqlite3_errmsg(db)))")
            }
            let text = sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
            return (Int(sqlite3_column_int64(statement, 0)), sqlite3_column_double(statement, 0), text)
        }
        owners = try value("SELECT count(*) FROM owner").0
        items = try value("SELECT count(*) FROM item").0
        priceSum = try value("SELECT total(price) FROM item").1
        journalMode = try value("PRAGMA journal_mode").2
    }

    /// Throws unless the file holds `owners` owners and `items` items with prices summing to `priceSum`, in
    /// WAL mode.
    static func verify(_ path: String, name: String, owners: Int, items: Int, priceSum: Double) throws {
        let found = try DatabaseCheck(path: path)
        try check(found.owners == owners && found.items == items && found.priceSum == priceSum && found.journalMode == "wal",
                  "\(name): its database holds \(found.owners) owners, \(found.items) items, prices summing to \(found.priceSum),"
                  + " journal mode \(found.journalMode); expected \(owners), \(items), \(priceSum), wal")
    }
}
