#if PostgreSQL
import Foundation
import ObjectGraphConformance

/// A running `postgres-conflict-writer` whose output lines are collected as they arrive.
///
/// Its standard output is a file, not a pipe: the test reads the file by path, so the writer never meets a
/// closed pipe (Foundation's `Process` and `Pipe` on Linux can close a descriptor twice when tests start
/// processes in parallel, which closed a writer's pipe and killed it with a broken-pipe error).
final class WriterProcess {
    let process: Process
    private let outputURL: URL

    /// Starts the writer with `arguments`; it reaches the test server through the inherited environment.
    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = try HelperExecutable.url(named: "postgres-conflict-writer")
        process.arguments = arguments
        outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-conflict-writer-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        self.process = process
        try process.run()
        try output.close()
    }

    deinit { try? FileManager.default.removeItem(at: outputURL) }

    /// The complete lines printed so far.
    var output: [String] {
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Waits (up to 120 s) until a printed line satisfies `isWanted`.
    func waitForLine(where isWanted: (String) -> Bool) async throws {
        for _ in 0..<2400 {
            if output.contains(where: isWanted) { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        if output.contains(where: isWanted) { return }
        throw TestDatabase.WaitTimedOut(sql: "a line of postgres-conflict-writer \(process.arguments ?? []); got \(output)")
    }

    /// Waits for the process to end; returns its exit status.
    func waitForExit() async -> Int32 {
        while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        return process.terminationStatus
    }
}
#endif
