import CMallocStats
import Foundation
import ObjectGraph
import ObjectGraphSQLite

/// `--iterate`: (f) reading every one of N items (a property of each) through a fetch with batch size 100
/// and one context that lives throughout, against loading them all at once: the peak of the process's
/// live malloc'd bytes (glibc `mallinfo2`, sampled every 1,000 objects and after each load) over the
/// bytes live before the fetch, and the seconds each takes. The batched run goes first, so the
/// all-at-once run cannot leave memory behind in it.
@MainActor
enum BatchedIterationBenchmark {
    struct Result {
        let rows: Int
        let batchedPeak: Int
        let batchedSeconds: Double
        let allPeak: Int
        let allSeconds: Double
    }

    static func run(rows: Int, directory: URL) async throws -> Result {
        let store = try await SQLiteStore(at: .file(directory.appendingPathComponent("iterate.sqlite").path),
                                          model: BenchmarkModel.model.schema)
        try await LiveResultsBenchmark.insert(rows, into: store)

        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        var baseline = malloc_stats_live_bytes()
        var peak = baseline
        var start = ContinuousClock.now
        var total: Int64 = 0
        var seen = 0
        let batched = try await Item.fetch(in: context, sortedBy: [.ascending(\.quantity)], batchSize: 100)
        for try await item in batched.objects {
            total &+= item.quantity
            seen += 1
            if seen % 1000 == 0 { peak = max(peak, malloc_stats_live_bytes()) }
        }
        let batchedSeconds = seconds(ContinuousClock.now - start)
        let batchedPeak = Int(max(peak, malloc_stats_live_bytes())) - Int(baseline)
        try check(seen == rows && total == Int64(rows) * Int64(rows - 1) / 2, "iterate: read \(seen) items")
        withExtendedLifetime((context, batched)) {}

        let all = try ObjectContext(store: store, model: BenchmarkModel.model)
        baseline = malloc_stats_live_bytes()
        start = ContinuousClock.now
        let items = try await Item.fetch(in: all, sortedBy: [.ascending(\.quantity)])
        total = items.reduce(0) { $0 &+ $1.quantity }
        let allSeconds = seconds(ContinuousClock.now - start)
        let allPeak = Int(malloc_stats_live_bytes()) - Int(baseline)
        try check(items.count == rows && total == Int64(rows) * Int64(rows - 1) / 2, "iterate: loaded \(items.count) items")
        withExtendedLifetime((all, items)) {}
        return Result(rows: rows, batchedPeak: batchedPeak, batchedSeconds: batchedSeconds, allPeak: allPeak, allSeconds: allSeconds)
    }

    static func table(_ result: Result) -> String {
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        return """
            (f) iterate \(result.rows) items, one context throughout (peak live malloc bytes over the baseline)
            batch size 100:  \(megabytes(result.batchedPeak))  \(String(format: "%.2f s", result.batchedSeconds))
            all at once:     \(megabytes(result.allPeak))  \(String(format: "%.2f s", result.allSeconds))
            """
    }
}
