import Foundation
import GRDBSQLite

/// The lower bound: the SQLite C API with prepared statements, reading rows into plain structs.
final class RawContender: Contender {
    struct Row {
        var id: Int64
        var values: ItemValues
        var ownerID: Int64?
    }

    private var db: OpaquePointer?
    private let path: String
    private var loaded: [(id: Int64, price: Double)] = []
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(path: String) throws {
        self.path = path
        db = try Self.open(path)
    }

    /// A contender on the database at `path` as it is: another contender's file with tables of the same
    /// names (the store's, for (h)).
    init(existingAt path: String) throws {
        self.path = path
        db = try Self.open(path, existing: true)
    }

    /// Opens a new database at `path` with the benchmark's tables, or with `existing` the database there.
    ///
    /// In multi-thread mode (`SQLITE_OPEN_NOMUTEX`), as the store and GRDB open theirs: each connection is
    /// used by one thread at a time, and the default serialized mode would take a mutex around every call
    /// (a fifth of raw C's instructions in the fetch stages).
    private static func open(_ path: String, existing: Bool = false) throws -> OpaquePointer? {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (existing ? 0 : SQLITE_OPEN_CREATE)
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK else {
            throw BenchmarkFailure(description: "cannot open \(path)")
        }
        guard sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;" + (existing ? "" : """
            CREATE TABLE Owner ("_pk" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
            CREATE TABLE Item ("_pk" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "quantity" INTEGER NOT NULL,
                "price" REAL NOT NULL, "score" INTEGER NOT NULL, "isActive" INTEGER NOT NULL, "created" REAL NOT NULL,
                "code" TEXT, "ratio" REAL, "owner" INTEGER);
            CREATE INDEX Item_owner ON Item ("owner");
            """), nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkFailure(description: String(cString: sqlite3_errmsg(db)))
        }
        return db
    }

    deinit { sqlite3_close_v2(db) }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkFailure(description: String(cString: sqlite3_errmsg(db)))
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw BenchmarkFailure(description: String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try insert(items, owners: owners, rowsPerStatement: 1)
    }

    func batchedInsert(_ items: [ItemValues], owners: Int) async throws -> Double? {
        let plain = db
        db = try Self.open(path + "-batched")
        defer {
            sqlite3_close_v2(db)
            db = plain
        }
        let time = try ContinuousClock().measure { try insert(items, owners: owners, rowsPerStatement: 32) }
        let count = try prepare("SELECT count(*) FROM Item")
        defer { sqlite3_finalize(count) }
        try check(sqlite3_step(count) == SQLITE_ROW && sqlite3_column_int64(count, 0) == items.count, "batched insert lost rows")
        return seconds(time)
    }

    /// Inserts owners and items with statements of `rowsPerStatement` rows (and one row for the rest).
    private func insert(_ items: [ItemValues], owners: Int, rowsPerStatement: Int) throws {
        try execute("BEGIN")
        let owner = try prepare("INSERT INTO Owner (_pk, name) VALUES (?, ?)")
        for index in 0..<owners {
            sqlite3_bind_int64(owner, 1, Int64(index + 1))
            sqlite3_bind_text(owner, 2, "owner \(index)", -1, transient)
            guard sqlite3_step(owner) == SQLITE_DONE else { throw BenchmarkFailure(description: "owner insert failed") }
            sqlite3_reset(owner)
        }
        sqlite3_finalize(owner)
        let head = "INSERT INTO Item (name, quantity, price, score, isActive, created, code, ratio, owner) VALUES "
        let row = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let batch = try prepare(head + Array(repeating: row, count: rowsPerStatement).joined(separator: ", "))
        let single = try prepare(head + row)
        var start = items.startIndex
        while start < items.endIndex {
            let count = items.endIndex - start >= rowsPerStatement ? rowsPerStatement : 1
            let statement = count == rowsPerStatement ? batch : single
            for (offset, values) in items[start..<start + count].enumerated() {
                let first = Int32(offset * 9)
                sqlite3_bind_text(statement, first + 1, values.name, -1, transient)
                sqlite3_bind_int64(statement, first + 2, values.quantity)
                sqlite3_bind_double(statement, first + 3, values.price)
                sqlite3_bind_int64(statement, first + 4, Int64(values.score))
                sqlite3_bind_int64(statement, first + 5, values.isActive ? 1 : 0)
                sqlite3_bind_double(statement, first + 6, values.created.timeIntervalSinceReferenceDate)
                if let code = values.code { sqlite3_bind_text(statement, first + 7, code, -1, transient) } else { sqlite3_bind_null(statement, first + 7) }
                if let ratio = values.ratio { sqlite3_bind_double(statement, first + 8, Double(ratio)) } else { sqlite3_bind_null(statement, first + 8) }
                sqlite3_bind_int64(statement, first + 9, Int64(values.owner + 1))
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkFailure(description: "item insert failed") }
            sqlite3_reset(statement)
            start += count
        }
        sqlite3_finalize(batch)
        sqlite3_finalize(single)
        try execute("COMMIT")
    }

    private func readItems(_ statement: OpaquePointer?) -> [Row] {
        var rows: [Row] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(Row(
                id: sqlite3_column_int64(statement, 0),
                values: ItemValues(
                    name: text(statement, 1) ?? "", quantity: sqlite3_column_int64(statement, 2),
                    price: sqlite3_column_double(statement, 3), score: Int32(truncatingIfNeeded: sqlite3_column_int64(statement, 4)),
                    isActive: sqlite3_column_int64(statement, 5) != 0,
                    created: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 6)),
                    code: text(statement, 7),
                    ratio: sqlite3_column_type(statement, 8) == SQLITE_NULL ? nil : Float(sqlite3_column_double(statement, 8)),
                    owner: 0),
                ownerID: sqlite3_column_type(statement, 9) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 9)))
        }
        return rows
    }

    private static let columns = "_pk, name, quantity, price, score, isActive, created, code, ratio, owner"

    func fetchActive() async throws -> Int {
        try activeRows().count
    }

    /// The active items as plain structs.
    func activeRows() throws -> [Row] {
        let statement = try prepare("SELECT \(Self.columns) FROM Item WHERE isActive = 1 ORDER BY _pk")
        defer { sqlite3_finalize(statement) }
        return readItems(statement)
    }

    func fetchOwnersWithItems() async throws -> Int {
        let ownersStatement = try prepare("SELECT _pk, name FROM Owner ORDER BY _pk LIMIT 1000")
        var owners: [(id: Int64, name: String)] = []
        while sqlite3_step(ownersStatement) == SQLITE_ROW {
            owners.append((sqlite3_column_int64(ownersStatement, 0), text(ownersStatement, 1) ?? ""))
        }
        sqlite3_finalize(ownersStatement)
        let itemsStatement = try prepare(
            "SELECT \(Self.columns) FROM Item WHERE owner IN (SELECT value FROM json_each(?)) ORDER BY owner, _pk")
        defer { sqlite3_finalize(itemsStatement) }
        sqlite3_bind_text(itemsStatement, 1, "[" + owners.map { String($0.id) }.joined(separator: ",") + "]", -1, transient)
        var byOwner: [Int64: [Row]] = [:]
        for row in readItems(itemsStatement) { byOwner[row.ownerID ?? 0, default: []].append(row) }
        return owners.reduce(0) { $0 + (byOwner[$1.id]?.count ?? 0) }
    }

    func prepareUpdate() async throws {
        let statement = try prepare("SELECT \(Self.columns) FROM Item ORDER BY _pk")
        defer { sqlite3_finalize(statement) }
        loaded = readItems(statement).map { ($0.id, $0.values.price) }
    }

    func updatePrices() async throws -> Int {
        try updatePrices(rowsPerStatement: 1)
        return loaded.count
    }

    func batchedUpdate(owners: Int, items: Int, priceSum: Double) async throws -> Double? {
        let (plain, plainLoaded) = (db, loaded)
        db = try Self.open(path + "-batched", existing: true)
        defer {
            sqlite3_close_v2(db)
            (db, loaded) = (plain, plainLoaded)
        }
        try await prepareUpdate()
        let time = try ContinuousClock().measure { try updatePrices(rowsPerStatement: 128) }
        try DatabaseCheck.verify(path + "-batched", name: "raw (d\")", owners: owners, items: items, priceSum: priceSum)
        return seconds(time)
    }

    /// Adds 1 to every loaded price in one transaction, `rowsPerStatement` rows per `UPDATE … FROM (VALUES
    /// …)` (and one row per `UPDATE … WHERE` for the rest).
    private func updatePrices(rowsPerStatement: Int) throws {
        try execute("BEGIN")
        let single = try prepare("UPDATE Item SET price = ? WHERE _pk = ?")
        let batch = rowsPerStatement > 1 ? try prepare("UPDATE Item AS t SET price = v.column2 FROM (VALUES "
            + Array(repeating: "(?, ?)", count: rowsPerStatement).joined(separator: ", ") + ") AS v WHERE t._pk = v.column1") : nil
        var start = loaded.startIndex
        while let batch, loaded.endIndex - start >= rowsPerStatement {
            for offset in 0..<rowsPerStatement {
                loaded[start + offset].price += 1
                sqlite3_bind_int64(batch, Int32(2 * offset + 1), loaded[start + offset].id)
                sqlite3_bind_double(batch, Int32(2 * offset + 2), loaded[start + offset].price)
            }
            guard sqlite3_step(batch) == SQLITE_DONE else { throw BenchmarkFailure(description: "batched update failed") }
            sqlite3_reset(batch)
            start += rowsPerStatement
        }
        for index in loaded[start...].indices {
            loaded[index].price += 1
            sqlite3_bind_double(single, 1, loaded[index].price)
            sqlite3_bind_int64(single, 2, loaded[index].id)
            guard sqlite3_step(single) == SQLITE_DONE else { throw BenchmarkFailure(description: "update failed") }
            sqlite3_reset(single)
        }
        sqlite3_finalize(single)
        sqlite3_finalize(batch)
        try execute("COMMIT")
    }

    /// (h) Reads the keys of the active items (untimed), then deletes their rows in one transaction,
    /// `keysPerStatement` keys a statement and the rest one a statement; returns the seconds of the
    /// transaction.
    func deleteActiveItems(keysPerStatement: Int) throws -> Double {
        var keys: [Int64] = []
        let select = try prepare("SELECT _pk FROM Item WHERE isActive = 1")
        while sqlite3_step(select) == SQLITE_ROW { keys.append(sqlite3_column_int64(select, 0)) }
        sqlite3_finalize(select)
        let time = try ContinuousClock().measure {
            try execute("BEGIN IMMEDIATE")
            let one = try prepare("DELETE FROM Item WHERE _pk = ?")
            let batch = try prepare("DELETE FROM Item WHERE _pk IN (" + Array(repeating: "?", count: keysPerStatement).joined(separator: ", ") + ")")
            defer { sqlite3_finalize(one); sqlite3_finalize(batch) }
            var next = 0
            while keysPerStatement > 1 && keys.count - next >= keysPerStatement {
                for offset in 0..<keysPerStatement { sqlite3_bind_int64(batch, Int32(offset + 1), keys[next + offset]) }
                guard sqlite3_step(batch) == SQLITE_DONE, sqlite3_changes(db) == Int32(keysPerStatement) else {
                    throw BenchmarkFailure(description: "raw (h): a batch failed: \(String(cString: sqlite3_errmsg(db)))")
                }
                sqlite3_reset(batch)
                next += keysPerStatement
            }
            for key in keys[next...] {
                sqlite3_bind_int64(one, 1, key)
                guard sqlite3_step(one) == SQLITE_DONE, sqlite3_changes(db) == 1 else {
                    throw BenchmarkFailure(description: "raw (h): row \(key) failed: \(String(cString: sqlite3_errmsg(db)))")
                }
                sqlite3_reset(one)
            }
            try execute("COMMIT")
        }
        return seconds(time)
    }
}
