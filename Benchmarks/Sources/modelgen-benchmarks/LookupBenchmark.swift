import Foundation
import ObjectGraph
import ObjectGraphSQLite

/// `--lookups N`: (g) looking N items up by ID in a new context, in one store call (the one batch of a
/// batched fetch of size N, whose IDs are read untimed), against fetching the same N items into a new
/// context (objects decoded from rows): medians of `runs` of each, interleaved, after one untimed.
@MainActor
enum LookupBenchmark {
    struct Result {
        let rows: Int
        let runs: Int
        let lookupSeconds: Double
        let fetchSeconds: Double
    }

    static func run(rows: Int, runs: Int, directory: URL) async throws -> Result {
        let store = try await SQLiteStore(at: .file(directory.appendingPathComponent("lookups.sqlite").path),
                                          model: BenchmarkModel.model.schema)
        try await LiveResultsBenchmark.insert(rows, into: store)
        var lookups: [Double] = []
        var fetches: [Double] = []
        for run in 0...runs {
            let context = try ObjectContext(store: store, model: BenchmarkModel.model)
            let batched = try await Item.fetch(in: context, sortedBy: [.ascending(\.quantity)], batchSize: rows)
            var found: [Item] = []
            let lookup = try await ContinuousClock().measure { found = try await batched.objects(in: 0..<rows) }
            try check(found.count == rows && found.last?.quantity == Int64(rows - 1), "lookups: found \(found.count) items")

            let fetching = try ObjectContext(store: store, model: BenchmarkModel.model)
            var fetched: [Item] = []
            let fetch = try await ContinuousClock().measure { fetched = try await Item.fetch(in: fetching, sortedBy: [.ascending(\.quantity)]) }
            try check(fetched.count == rows, "lookups: fetched \(fetched.count) items")
            withExtendedLifetime((context, batched, fetching)) {}
            guard run > 0 else { continue }
            lookups.append(seconds(lookup))
            fetches.append(seconds(fetch))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Result(rows: rows, runs: runs, lookupSeconds: median(lookups), fetchSeconds: median(fetches))
    }

    static func table(_ result: Result) -> String {
        String(format: "(g) %d items by ID in one call %.2f ms, fetched %.2f ms (medians of %d): lookup / fetch %.2fx",
               result.rows, result.lookupSeconds * 1000, result.fetchSeconds * 1000, result.runs, result.lookupSeconds / result.fetchSeconds)
    }
}
