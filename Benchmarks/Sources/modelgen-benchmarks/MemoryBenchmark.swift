import CMallocStats
import Foundation
import ObjectGraph

/// `--memory`: the bytes each object holds, as the growth of the process's live malloc'd bytes (glibc's
/// `mallinfo2`, every arena and mmap'd block) while the result of an operation is kept, divided by its
/// number of objects. Every fetch is run once untimed first, so the databases' page caches and prepared
/// statements already exist and are not counted.
@MainActor
enum MemoryBenchmark {
    /// One table row: bytes per object for ours, GRDB's hand-written record and a raw struct.
    struct Line {
        let title: String
        let ours: Double
        let grdbRecord: Double
        let rawStruct: Double
    }

    static func run(rows: Int, directory: URL) async throws -> [Line] {
        let values = (0..<rows).map(ItemValues.init)
        let owners = (rows + 9) / 10
        let ours = try await OursContender(path: directory.appendingPathComponent("memory-ours.sqlite").path)
        let raw = try RawContender(path: directory.appendingPathComponent("memory-raw.sqlite").path)
        let grdb = try GRDBRecordContender<FastRecords>(path: directory.appendingPathComponent("memory-grdb.sqlite").path)

        // Inserted: ours holds the objects in its context until and after the save; a GRDB user or a raw C
        // loop holds the records or structs it inserts.
        let (context, oursPending) = try await liveBytes { try ours.insertedContext(values, owners: owners) }
        let oursSaved = try await liveBytes { try await context.save() }.bytes + oursPending
        let (records, grdbInserted) = try await liveBytes { values.map { FastItemRecord($0, ownerId: Int64($0.owner + 1)) } }
        let (structs, rawInserted) = try await liveBytes { values.map { RawContender.Row(id: 0, values: $0, ownerID: Int64($0.owner + 1)) } }
        try await grdb.insert(values, owners: owners)
        try await raw.insert(values, owners: owners)
        withExtendedLifetime((context, records, structs)) {}

        // Fetched: the active half of the items, after a first fetch that warms caches.
        _ = try await (ours.activeItems(), grdb.activeRecords(), raw.activeRows())
        let (fetchedObjects, oursFetched) = try await liveBytes { try await ours.activeItems() }
        let (fetchedRecords, grdbFetched) = try await liveBytes { try await grdb.activeRecords() }
        let (fetchedRows, rawFetched) = try await liveBytes { try raw.activeRows() }
        let fetched = Double(fetchedRows.count)
        try check(fetchedObjects.items.count == fetchedRows.count && fetchedRecords.count == fetchedRows.count,
                  "memory: the contenders fetched different numbers of items")
        withExtendedLifetime((fetchedObjects, fetchedRecords, fetchedRows)) {}

        let inserted = Double(rows + owners)
        return [
            Line(title: "fetched item (N/2, kept with its context)", ours: Double(oursFetched) / fetched,
                 grdbRecord: Double(grdbFetched) / fetched, rawStruct: Double(rawFetched) / fetched),
            Line(title: "inserted object, before save", ours: Double(oursPending) / inserted,
                 grdbRecord: Double(grdbInserted) / Double(rows), rawStruct: Double(rawInserted) / Double(rows)),
            Line(title: "inserted object, after save", ours: Double(oursSaved) / inserted,
                 grdbRecord: Double(grdbInserted) / Double(rows), rawStruct: Double(rawInserted) / Double(rows)),
        ]
    }

    /// `--memory --runs R`: the process's live malloc'd bytes after each of `runs` runs of ours' whole
    /// workload ((a)-(d) and (a′), (b′), as `measure` runs them) on a new database file, once the run's
    /// contender, store and contexts are gone, as growth over the bytes live before the first run. A run
    /// that leaves objects behind shows as growth from one run to the next; the first run also keeps
    /// what the process allocates once (caches, the model's lazily built tables).
    static func liveBytesAfterRuns(rows: Int, runs: Int, directory: URL) async throws -> [Int] {
        let start = Int(malloc_stats_live_bytes())
        var after: [Int] = []
        for run in 0..<runs {
            let path = directory.appendingPathComponent("memory-runs-\(run).sqlite").path
            do {
                let contender = try await OursContender(path: path)
                _ = try await measure([("ours", contender, path)], rows: rows)
            }
            after.append(Int(malloc_stats_live_bytes()) - start)
        }
        return after
    }

    static func runsTable(rows: Int, after: [Int]) -> String {
        func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1_000_000) }
        return (["Live bytes after each run of ours' workload (N = \(rows)), its contexts dropped, over those before run 1"]
            + after.enumerated().map { run, bytes in
                "after run \(run + 1)".padding(toLength: 16, withPad: " ", startingAt: 0) + megabytes(bytes)
                    + (run == 0 ? "" : "  (\(bytes >= after[run - 1] ? "+" : "")\(megabytes(bytes - after[run - 1])) over run \(run))")
            }).joined(separator: "\n")
    }

    /// The result of `body` and how many more bytes are live after it than before.
    private static func liveBytes<T>(_ body: () async throws -> T) async throws -> (value: T, bytes: Int) {
        let before = malloc_stats_live_bytes()
        let value = try await body()
        return (value, Int(malloc_stats_live_bytes()) - Int(before))
    }

    static func table(rows: Int, lines: [Line]) -> String {
        func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        return (["Live bytes per object (glibc mallinfo2), N = \(rows) items + \(rows / 10) owners; ours counts owners"
                 + " as objects, GRDB and raw hold only the N item values",
                 "operation".padding(toLength: 44, withPad: " ", startingAt: 0) + pad("ours", 10) + pad("GRDB rec", 10)
                     + pad("raw", 10)]
            + lines.map { line in
                line.title.padding(toLength: 44, withPad: " ", startingAt: 0) + pad(String(format: "%.0f", line.ours), 10)
                    + pad(String(format: "%.0f", line.grdbRecord), 10) + pad(String(format: "%.0f", line.rawStruct), 10)
            }).joined(separator: "\n")
    }
}
