import Foundation
import GRDB
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
            let times = (
                ours: try await deleteActiveItems(at: paths[0]),
                oneRow: try RawContender(existingAt: paths[1]).deleteActiveItems(keysPerStatement: 1),
                batched: try RawContender(existingAt: paths[2]).deleteActiveItems(keysPerStatement: 128),
                records: try await deleteActiveRecords(at: paths[3], items: items, byKeys: false),
                keys: try await deleteActiveRecords(at: paths[4], items: items, byKeys: true))
            for path in paths {
                let left = try DatabaseCheck(path: path).items
                try check(left == rows / 2, "deletes: \(path) holds \(left) items, expected \(rows / 2)")
            }
            guard run > 0 else { continue }
            ours.append(times.ours)
            oneRow.append(times.oneRow)
            batched.append(times.batched)
            records.append(times.records)
            keys.append(times.keys)
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
        return seconds(try await ContinuousClock().measure {
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
        return seconds(duration)
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
