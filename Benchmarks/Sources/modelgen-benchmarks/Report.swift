import Foundation

/// The result table: median milliseconds per contender, and the medians of the per-run ratios of ours to
/// each other contender.
struct Report {
    /// Contender names, as `--only` takes them.
    static let ours = "ours", raw = "raw", grdbRecords = "grdb-records", grdbStatements = "grdb-statements",
               grdbCodable = "grdb-codable"
    /// Every SQLite contender with its column title and its short name in ratio titles, in table order.
    static let sqliteContenders = [(ours, "ours", "ours"), (raw, "raw C", "raw"), (grdbRecords, "GRDB rec", "rec"),
                                   (grdbStatements, "GRDB stmt", "stmt"), (grdbCodable, "GRDB Cod", "Cod")]

    let rows: Int
    let runs: Int
    let interleaved: Bool
    let samples: [String: [Operation: [Double]]]
    /// The contenders in table order: ours first, the lower bound second (the JSON's ratios are to it).
    var contenders: [(name: String, title: String, short: String)] = Self.sqliteContenders
    /// The rows of the table.
    var operations = Operation.allCases

    private func median(_ name: String, _ operation: Operation) -> Double {
        Self.median(samples[name]?[operation] ?? [])
    }

    /// The per-run ratios `name` / `other`: both ran in the same run, stage by stage, so the ratio of one
    /// run is less exposed to the machine's state than a ratio of medians.
    private func ratios(_ name: String, _ other: String, _ operation: Operation) -> [Double] {
        zip(samples[name]?[operation] ?? [], samples[other]?[operation] ?? []).map { $0 / $1 }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    /// `value` formatted, or `n/a` for a contender that did not run (`--only`).
    private func cell(_ value: Double, _ format: String) -> String {
        value.isNaN ? "n/a" : String(format: format, value)
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + padding : padding + text
    }

    var table: String {
        let others = contenders.dropFirst()
        var lines = ["N = \(rows) rows, \(interleaved ? "interleaved" : "sequential") stages, median of \(runs) run(s), milliseconds;"
                         + " ratios are medians of per-run ratios",
                     pad("operation", 34, left: true) + contenders.map { pad($0.1, 10) }.joined()
                         + others.map { pad("ours/" + $0.2, 12) }.joined()]
        for operation in operations {
            lines.append(pad(operation.rawValue, 34, left: true)
                + contenders.map { pad(cell(median($0.0, operation) * 1000, "%.1f"), 10) }.joined()
                + others.map { pad(cell(Self.median(ratios(Self.ours, $0.0, operation)), "%.2fx"), 12) }.joined())
        }
        return lines.joined(separator: "\n")
    }

    /// The run as JSON for `plot_ratios.py`: for each operation, each contender's median milliseconds and the
    /// median of its per-run ratios to the lower bound (raw C, or raw postgres-nio).
    var json: Data {
        get throws {
            let baseline = contenders[1].name
            let entries = operations.map { operation -> [String: Any] in
                var medians: [String: Double] = [:], toRaw: [String: Double] = [:]
                for (name, _, _) in contenders where samples[name]?[operation] != nil {
                    medians[name] = median(name, operation) * 1000
                    toRaw[name] = Self.median(ratios(name, baseline, operation))
                }
                return ["operation": operation.rawValue, "milliseconds": medians,
                        "ratioToRaw": toRaw.filter { !$0.value.isNaN }]
            }
            let object: [String: Any] = ["rows": rows, "runs": runs, "interleaved": interleaved, "operations": entries]
            return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        }
    }
}
