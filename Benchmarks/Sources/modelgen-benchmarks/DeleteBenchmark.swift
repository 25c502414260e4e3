import Foundation
import GRDB
import GRDBSQLite
import ObjectGraph
import ObjectGraphSQLite

/// `--deletes N`: (h) deleting the N/2 active items of N (each linked to an owner) and saving, on a SQLite
/// file: ours (the items loaded untimed, then `delete` and `save()` timed) against the raw C API deleting
/// the same rows of a database the store wrote the same way (the rows of (a)), in one transaction, one prepared statement
/// per row and 128 keys per `DELETE … IN (…)`, and against GRDB's hand-written records (loaded untimed),
/// deleted one by one (`delete(db)`) and by their keys in one call (`deleteAll(db, keys:)`), in one write
/// transaction. Medians of `runs` of each, interleaved, after one untimed.
@MainActor
enum DeleteBenchmark {
    struct Result {
        let rows: Int
        let runs: Int
        let ours: Double
        let rawOneRow: Double
        let rawBatched: Double
        let grdbRecords: Double
        let grdbKeys: Double
    }

    static func run(rows: Int, runs: Int, directory: URL) async throws -> Result {
        var (ours, oneRow, batched, records, keys) = ([Double](), [Double](), [Double](), [Double](), [Double]())
        let items = (0..<rows).map(ItemValues.init)
        for run in 0...runs {
            var paths: [String] = []
            for name in ["ours", "raw-one-row", "raw-batched"] {
                let path = directory.appendingPathComponent("deletes-\(name)-\(run).sqlite").path
                try await OursContender(path: path).insert(items, owners: (rows + 9) / 10)
                paths.append(path)
            }
            for name in ["grdb-records", "grdb-keys"] {
                paths.append(directory.appendingPathComponent("deletes-\(name)-\(run).sqlite").path)
            }
            let seconds = (
                ours: try await deleteActiveItems(at: paths[0]),
                oneRow: try RawDeletes(path: paths[1]).deleteActiveItems(keysPerStatement: 1),
                batched: try RawDeletes(path: paths[2]).deleteActiveItems(keysPerStatement: 128),
                records: try await deleteActiveRecords(at: paths[3], items: items, byKeys: false),
                keys: try await deleteActiveRecords(at: paths[4], items: items, byKeys: true))
            for path in paths {
                let left = try DatabaseCheck(path: path).items
                try check(left == rows / 2, "deletes: \(path) holds \(left) items, expected \(rows / 2)")
            }
            guard run > 0 else { continue }
            ours.append(seconds.ours)
            oneRow.append(seconds.oneRow)
            batched.append(seconds.batched)
            records.append(seconds.records)
            keys.append(seconds.keys)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Result(rows: rows, runs: runs, ours: median(ours), rawOneRow: median(oneRow), rawBatched: median(batched),
                      grdbRecords: median(records), grdbKeys: median(keys))
    }

    /// Deletes every active item of the store at `path` in a new context and saves; returns the seconds of
    /// the deletes and the save.
    private static func deleteActiveItems(at path: String) async throws -> Double {
        let store = try await SQLiteStore(at: .file(path), model: BenchmarkModel.model.schema)
        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        let items = try await context.fetch(Item.self, where: \.isActive == true)
        return LiveResultsBenchmark.seconds(try await ContinuousClock().measure {
            for item in items { context.delete(item) }
            try await context.save()
        })
    }

    /// Writes `items` to a new GRDB database at `path`, loads the active ones as records (untimed), and
    /// deletes them in one write transaction: each record by itself, or all by their keys in one call;
    /// returns the seconds of the transaction.
    private nonisolated static func deleteActiveRecords(at path: String, items: [ItemValues], byKeys: Bool) async throws -> Double {
        let contender = try GRDBRecordContender<FastRecords>(path: path)
        try await contender.insert(items, owners: (items.count + 9) / 10)
        let records = try await contender.activeRecords()
        let duration = try await ContinuousClock().measure {
            try await contender.pool.write { db in
                if byKeys {
                    _ = try FastItemRecord.deleteAll(db, keys: records.compactMap(\.id))
                } else {
                    for record in records { _ = try record.delete(db) }
                }
            }
        }
        return LiveResultsBenchmark.seconds(duration)
    }

    static func table(_ result: Result) -> String {
        let contenders = [("ours", result.ours), ("raw C one row a statement", result.rawOneRow),
                          ("raw C 128 keys a statement", result.rawBatched), ("GRDB records one by one", result.grdbRecords),
                          ("GRDB deleteAll(keys:)", result.grdbKeys)]
        return "(h) delete \(result.rows / 2) of \(result.rows) items + save, medians of \(result.runs) (ms, and ours / each):\n"
            + contenders.map { name, seconds in
                "    " + name.padding(toLength: 28, withPad: " ", startingAt: 0)
                    + String(format: "%8.1f  %5.2fx", seconds * 1000, result.ours / seconds)
            }.joined(separator: "\n")
    }
}

/// The raw C side of (h): one connection in multi-thread mode, as the other raw C stages.
private struct RawDeletes {
    let path: String

    /// Reads the keys of the active items (untimed), then deletes their rows in one transaction,
    /// `keysPerStatement` keys a statement and the rest one a statement; returns the seconds of the
    /// transaction.
    func deleteActiveItems(keysPerStatement: Int) throws -> Double {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            sqlite3_close_v2(db)
            throw BenchmarkFailure(description: "deletes: cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        func prepare(_ sql: String) throws -> OpaquePointer? {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
                throw BenchmarkFailure(description: "deletes: \(sql): \(String(cString: sqlite3_errmsg(db)))")
            }
            return statement
        }
        func execute(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
                throw BenchmarkFailure(description: "deletes: \(sql): \(String(cString: sqlite3_errmsg(db)))")
            }
        }
        try execute("PRAGMA synchronous = NORMAL")
        var keys: [Int64] = []
        let select = try prepare("SELECT \"_pk\" FROM \"Item\" WHERE \"isActive\" = 1")
        while sqlite3_step(select) == SQLITE_ROW { keys.append(sqlite3_column_int64(select, 0)) }
        sqlite3_finalize(select)

        let began = ContinuousClock.now
        try execute("BEGIN IMMEDIATE")
        let one = try prepare("DELETE FROM \"Item\" WHERE \"_pk\" = ?")
        let batch = try prepare("DELETE FROM \"Item\" WHERE \"_pk\" IN (" + Array(repeating: "?", count: keysPerStatement).joined(separator: ", ") + ")")
        defer { sqlite3_finalize(one); sqlite3_finalize(batch) }
        var next = 0
        if keysPerStatement > 1 {
            while keys.count - next >= keysPerStatement {
                for offset in 0..<keysPerStatement { sqlite3_bind_int64(batch, Int32(offset + 1), keys[next + offset]) }
                guard sqlite3_step(batch) == SQLITE_DONE, sqlite3_changes(db) == Int32(keysPerStatement) else {
                    throw BenchmarkFailure(description: "deletes: a batch failed: \(String(cString: sqlite3_errmsg(db)))")
                }
                sqlite3_reset(batch)
                next += keysPerStatement
            }
        }
        for key in keys[next...] {
            sqlite3_bind_int64(one, 1, key)
            guard sqlite3_step(one) == SQLITE_DONE, sqlite3_changes(db) == 1 else {
                throw BenchmarkFailure(description: "deletes: row \(key) failed: \(String(cString: sqlite3_errmsg(db)))")
            }
            sqlite3_reset(one)
        }
        try execute("COMMIT")
        return LiveResultsBenchmark.seconds(ContinuousClock.now - began)
    }
}
