import Foundation

/// The result table: median milliseconds per contender and the ratios ours/raw and ours/GRDB.
struct Report {
    let rows: Int
    let runs: Int
    let samples: [String: [Operation: [Double]]]

    private func median(_ name: String, _ operation: Operation) -> Double {
        let values = (samples[name]?[operation] ?? []).sorted()
        return values.isEmpty ? .nan : values[values.count / 2]
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + padding : padding + text
    }

    var table: String {
        var lines = ["N = \(rows) rows, median of \(runs) run(s), milliseconds",
                     pad("operation", 34, left: true) + pad("ours", 10) + pad("raw C", 10) + pad("GRDB", 10)
                         + pad("ours/raw", 10) + pad("ours/GRDB", 11)]
        for operation in Operation.allCases {
            let (ours, raw, grdb) = (median("ours", operation), median("raw", operation), median("GRDB", operation))
            lines.append(pad(operation.rawValue, 34, left: true)
                + pad(String(format: "%.1f", ours * 1000), 10) + pad(String(format: "%.1f", raw * 1000), 10)
                + pad(String(format: "%.1f", grdb * 1000), 10)
                + pad(String(format: "%.2fx", ours / raw), 10) + pad(String(format: "%.2fx", ours / grdb), 11))
        }
        return lines.joined(separator: "\n")
    }
}
