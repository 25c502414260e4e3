// modelgen-benchmarks: ObjectGraphSQLite against the raw SQLite C API and GRDB records.
//
//   swift run -c release --package-path Benchmarks modelgen-benchmarks [--rows N] [--runs R] [--only ours|raw|GRDB]
//
// N (default 100,000, or BENCHMARK_ROWS) items with eight attributes and a to-one owner; R runs (default
// 1), the table shows each operation's median. Every contender uses its own WAL database file.
import Foundation

func option(_ name: String) -> Int? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else { return nil }
    return Int(CommandLine.arguments[index + 1])
}

let rows = option("--rows") ?? ProcessInfo.processInfo.environment["BENCHMARK_ROWS"].flatMap { Int($0) } ?? 100_000
let runs = max(1, option("--runs") ?? 1)
let only = CommandLine.arguments.firstIndex(of: "--only").flatMap { $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil }
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-benchmarks-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Every contender's seconds per operation, one sample per run.
func runAll() async throws -> [String: [Operation: [Double]]] {
    var samples: [String: [Operation: [Double]]] = [:]
    for run in 0..<runs {
        let contenders: [(String, () async throws -> Contender)] = [
            ("ours", { try await OursContender(path: directory.appendingPathComponent("ours-\(run).sqlite").path) }),
            ("raw", { try RawContender(path: directory.appendingPathComponent("raw-\(run).sqlite").path) }),
            ("GRDB", { try GRDBContender(path: directory.appendingPathComponent("grdb-\(run).sqlite").path) }),
        ]
        for (name, make) in contenders where only == nil || only == name {
            let times = try await measure(try await make(), rows: rows)
            for (operation, seconds) in times { samples[name, default: [:]][operation, default: []].append(seconds) }
        }
    }
    return samples
}

do {
    print(Report(rows: rows, runs: runs, samples: try await runAll()).table)
} catch {
    FileHandle.standardError.write(Data("modelgen-benchmarks: \(error)\n".utf8))
    exit(1)
}
