import DataModel
import Foundation

/// Writes lines to standard error, where diagnostics belong.
enum StandardError {
    static func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The errors and warnings among `diagnostics`, one per line (notes only explain them and are left out).
    static func report(_ diagnostics: [Diagnostic]) {
        write(diagnostics.filter { $0.severity != .note }.map(\.description))
    }
}
