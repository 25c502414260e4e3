import Foundation
import ObjectGraph
import ObjectGraphSQLite

/// `--live`: (e) one item changed under live results of N items, on a SQLite file: the seconds from the
/// start of another context's save until the live results deliver the update (the save, the observing
/// context's merge, the in-memory update of the rows), against refetching the result (the IDs and sort
/// keys of every row in one query, as new live results; objects are not made in either case).
@MainActor
enum LiveResultsBenchmark {
    /// One table row: the result size, then per-change and per-refetch seconds of every sample.
    struct Line {
        let rows: Int
        let update: [Double]
        let refetch: [Double]
    }

    static func run(sizes: [Int], changes: Int, refetches: Int, directory: URL) async throws -> [Line] {
        var lines: [Line] = []
        for size in sizes {
            let store = try await SQLiteStore(at: .file(directory.appendingPathComponent("live-\(size).sqlite").path),
                                              model: BenchmarkModel.model.schema)
            try await insert(size, into: store)
            let observing = try ObjectContext(store: store, model: BenchmarkModel.model)
            let results = try await open(in: observing)
            try check(results.snapshot.count == size, "live: \(results.snapshot.count) rows, expected \(size)")
            var updates = results.updates.makeAsyncIterator()
            let writer = try ObjectContext(store: store, model: BenchmarkModel.model)
            var random = SystemRandomNumberGenerator()
            var update: [Double] = []
            var refetch: [Double] = []
            // The first changes (untimed) prepare the statements and fill the caches every later one uses.
            for step in -3..<max(changes, refetches) {
                if step < changes {
                    let section = Int.random(in: 0..<results.sections.count, using: &random)
                    let id = results.snapshot.id(at: RowPath(section: section, row: Int.random(in: 0..<results.sections[section].count, using: &random)))
                    guard let item = try await writer.object(with: id) as? Item else { throw BenchmarkFailure(description: "live: no item \(id)") }
                    item.score = Int32.random(in: 0..<1_000_000, using: &random)   // moves the row
                    let start = ContinuousClock.now
                    try await writer.save()
                    let delivered = try await updates.next(isolation: #isolation)
                    if step >= 0 { update.append(seconds(ContinuousClock.now - start)) }
                    try check(delivered?.diff.movedRows.count == 1 || delivered?.diff.updatedRows.count == 1,
                              "live: unexpected diff \(String(describing: delivered?.diff))")
                }
                if step >= 0 && step < refetches {
                    let start = ContinuousClock.now
                    let fresh = try await open(in: try ObjectContext(store: store, model: BenchmarkModel.model))
                    refetch.append(seconds(ContinuousClock.now - start))
                    try check(fresh.snapshot == results.snapshot, "live: the refetch differs from the live results")
                }
            }
            lines.append(Line(rows: size, update: update, refetch: refetch))
        }
        return lines
    }

    /// Every item sorted by score, then name, in sections of 1,000 scores.
    private static func open(in context: ObjectContext) async throws -> LiveResults<Item> {
        try await Item.results(in: context, sortedBy: [.ascending(\.score), .ascending(\.name)], sectionedBy: \.score,
                               sectionName: { String($0 / 1000) }, batchSize: 100)
    }

    /// Inserts `count` items (with scores spread over 0..<1,000,000) and one owner per 10 of them.
    static func insert(_ count: Int, into store: SQLiteStore) async throws {
        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        for chunk in stride(from: 0, to: count, by: 100_000) {
            let values = (chunk..<min(count, chunk + 100_000)).map(ItemValues.init)
            let owners = (0..<(values.count + 9) / 10).map { Owner(context: context, name: "owner \(chunk / 10 + $0)") }
            for (index, values) in values.enumerated() {
                let item = Item(context: context, name: values.name, created: values.created)
                item.quantity = values.quantity
                item.score = Int32((values.quantity &* 7919) % 1_000_000)
                item.isActive = values.isActive
                item.setOwner(owners[index / 10])
            }
            try await context.save()
            context.reset()
        }
    }

    static func table(_ lines: [Line]) -> String {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let header = "(e) one row changed under live results (SQLite file; medians; update = save + merge + diff)"
        let columns = "rows".padding(toLength: 10, withPad: " ", startingAt: 0) + pad("update ms", 12) + pad("min–max", 16)
            + pad("refetch ms", 12) + pad("min–max", 16) + pad("refetch/update", 16)
        return ([header, columns] + lines.map { line in
            let update = median(line.update), refetch = median(line.refetch)
            return String(line.rows).padding(toLength: 10, withPad: " ", startingAt: 0)
                + pad(String(format: "%.2f", update * 1000), 12)
                + pad(String(format: "%.2f–%.2f", line.update.min()! * 1000, line.update.max()! * 1000), 16)
                + pad(String(format: "%.1f", refetch * 1000), 12)
                + pad(String(format: "%.1f–%.1f", line.refetch.min()! * 1000, line.refetch.max()! * 1000), 16)
                + pad(String(format: "%.0fx", refetch / update), 16)
        }).joined(separator: "\n")
    }
}
