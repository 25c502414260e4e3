// modelgen-benchmarks: ObjectGraphSQLite against the raw SQLite C API and three GRDB tiers.
//
//   swift run -c release --package-path Benchmarks modelgen-benchmarks [--rows N] [--runs R] [--interleave]
//       [--only NAME] [--json PATH]
//   ... modelgen-benchmarks --memory [--rows N] [--runs R]   (bytes per fetched and inserted object; with --runs,
//       the live bytes after each of R runs of ours' workload, its contexts dropped)
//   ... modelgen-benchmarks --live 10000,100000,1000000 [--changes C] [--refetches F]   (e) one change under live results
//   ... modelgen-benchmarks --iterate 1000000   (f) peak memory of a batched iteration against loading all
//   ... modelgen-benchmarks --lookups N [--runs R]   (g) N objects looked up by ID in one call, against fetching them
//   ... modelgen-benchmarks --deletes N [--runs R]   (h) N/2 of N objects deleted and saved, against raw C deleting the rows
//   swift run -c release --package-path Benchmarks --traits PostgreSQL modelgen-benchmarks --postgres URL [--rows N]
//       [--runs R] [--only ours|postgres-nio|postgres-nio-guarded|fluent[,…]]   (a)-(d) on PostgreSQL against raw postgres-nio
//       (without and with the store's version checks and row locks) and Fluent
//
// N (default 100,000, or BENCHMARK_ROWS) items with eight attributes and a to-one owner; R runs (default
// 1), the table shows each operation's median and the median of the per-run ratios. Every contender uses
// its own WAL database file. By default each contender runs all its stages in a row (its pages stay warm
// from one stage to the next); `--interleave` runs each stage for every contender before the next stage.
import Foundation

func option(_ name: String) -> Int? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else { return nil }
    return Int(CommandLine.arguments[index + 1])
}

let rows = option("--rows") ?? ProcessInfo.processInfo.environment["BENCHMARK_ROWS"].flatMap { Int($0) } ?? 100_000
let runs = max(1, option("--runs") ?? 1)
let interleave = CommandLine.arguments.contains("--interleave")
func textOption(_ name: String) -> String? {
    CommandLine.arguments.firstIndex(of: name).flatMap { $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil }
}

let only = textOption("--only")
let jsonPath = textOption("--json")
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-benchmarks-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Every contender's seconds per operation, one sample per run; each run starts with a different
/// contender.
func runAll() async throws -> [String: [Operation: [Double]]] {
    var samples: [String: [Operation: [Double]]] = [:]
    for run in 0..<runs {
        let makers: [(String, (String) async throws -> Contender)] = [
            (Report.ours, { try await OursContender(path: $0) }),
            (Report.raw, { try RawContender(path: $0) }),
            (Report.grdbRecords, { try GRDBRecordContender<FastRecords>(path: $0) }),
            (Report.grdbStatements, { try GRDBStatementsContender(path: $0) }),
            (Report.grdbCodable, { try GRDBRecordContender<CodableRecords>(path: $0) }),
        ].filter { only == nil || only == $0.0 }
        var contenders: [NamedContender] = []
        for (name, make) in makers {
            let path = directory.appendingPathComponent("\(name)-\(run).sqlite").path
            contenders.append((name, try await make(path), path))
        }
        let rotation = run % max(1, contenders.count)
        let ordered = Array(contenders[rotation...] + contenders[..<rotation])
        // Sequential: each contender runs all stages, so each stage finds the contender's own pages warm.
        // Interleaved: each stage runs for all contenders before the next, so all meet the machine in the
        // same state, and no stage finds its database in the CPU caches.
        let groups = interleave ? [ordered] : ordered.map { [$0] }
        for group in groups {
            for (name, operations) in try await measure(group, rows: rows) {
                for (operation, seconds) in operations { samples[name, default: [:]][operation, default: []].append(seconds) }
            }
        }
    }
    return samples
}

do {
    if CommandLine.arguments.contains("--live") {
        let listed = textOption("--live")?.split(separator: ",").compactMap { Int($0) } ?? []
        let sizes = listed.isEmpty ? [10_000, 100_000, 1_000_000] : listed
        let lines = try await LiveResultsBenchmark.run(sizes: sizes, changes: option("--changes") ?? 20,
                                                       refetches: option("--refetches") ?? 5, directory: directory)
        print(LiveResultsBenchmark.table(lines))
    } else if CommandLine.arguments.contains("--iterate") {
        print(BatchedIterationBenchmark.table(try await BatchedIterationBenchmark.run(rows: option("--iterate") ?? 1_000_000,
                                                                                       directory: directory)))
    } else if CommandLine.arguments.contains("--deletes") {
        print(DeleteBenchmark.table(try await DeleteBenchmark.run(rows: option("--deletes") ?? 20_000, runs: runs, directory: directory)))
    } else if CommandLine.arguments.contains("--lookups") {
        print(LookupBenchmark.table(try await LookupBenchmark.run(rows: option("--lookups") ?? 20_000, runs: runs, directory: directory)))
    } else if let url = textOption("--postgres") {
        #if PostgreSQL
        print(try await PostgresBenchmark.run(url: url, rows: rows, runs: runs, only: only).table)
        #else
        throw BenchmarkFailure(description: "--postgres needs the PostgreSQL trait: swift run -c release --package-path Benchmarks --traits PostgreSQL modelgen-benchmarks --postgres URL")
        #endif
    } else if CommandLine.arguments.contains("--memory") {
        print(MemoryBenchmark.table(rows: rows, lines: try await MemoryBenchmark.run(rows: rows, directory: directory)))
        if option("--runs") != nil {
            let after = try await MemoryBenchmark.liveBytesAfterRuns(rows: rows, runs: runs, directory: directory)
            print(MemoryBenchmark.runsTable(rows: rows, after: after))
        }
    } else {
        let report = Report(rows: rows, runs: runs, interleaved: interleave, samples: try await runAll())
        print(report.table)
        if let jsonPath { try report.json.write(to: URL(fileURLWithPath: jsonPath)) }
    }
} catch {
    FileHandle.standardError.write(Data("modelgen-benchmarks: \(error)\n".utf8))
    exit(1)
}
