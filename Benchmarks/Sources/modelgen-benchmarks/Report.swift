import Foundation

/// The result table: median milliseconds per contender, and the medians of the per-run ratios ours/raw
/// and ours/GRDB.
struct Report {
    let rows: Int
    let runs: Int
    let interleaved: Bool
    let samples: [String: [Operation: [Double]]]

    private func median(_ name: String, _ operation: Operation) -> Double {
        Self.median(samples[name]?[operation] ?? [])
    }

    /// The median of the per-run ratios `name` / `other`: both ran in the same run, stage by stage, so
    /// the ratio of one run is less exposed to the machine's state than a ratio of medians.
    private func ratio(_ name: String, _ other: String, _ operation: Operation) -> Double {
        let mine = samples[name]?[operation] ?? []
        let theirs = samples[other]?[operation] ?? []
        return Self.median(zip(mine, theirs).map { $0 / $1 })
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
        var lines = ["N = \(rows) rows, \(interleaved ? "interleaved" : "sequential") stages, median of \(runs) run(s), milliseconds;"
                         + " ratios are medians of per-run ratios",
                     pad("operation", 34, left: true) + pad("ours", 10) + pad("raw C", 10) + pad("GRDB", 10)
                         + pad("ours/raw", 10) + pad("ours/GRDB", 11)]
        for operation in Operation.allCases {
            let (ours, raw, grdb) = (median("ours", operation), median("raw", operation), median("GRDB", operation))
            lines.append(pad(operation.rawValue, 34, left: true)
                + pad(cell(ours * 1000, "%.1f"), 10) + pad(cell(raw * 1000, "%.1f"), 10)
                + pad(cell(grdb * 1000, "%.1f"), 10)
                + pad(cell(ratio("ours", "raw", operation), "%.2fx"), 10)
                + pad(cell(ratio("ours", "GRDB", operation), "%.2fx"), 11))
        }
        return lines.joined(separator: "\n")
    }
}
