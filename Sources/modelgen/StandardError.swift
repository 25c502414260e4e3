import Foundation

/// Writes lines to standard error, where diagnostics belong.
enum StandardError {
    static func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
