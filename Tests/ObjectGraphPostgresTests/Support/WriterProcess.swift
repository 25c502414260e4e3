#if PostgreSQL
import Foundation
import ObjectGraphConformance
import Synchronization

/// A running `postgres-conflict-writer` whose output lines are collected as they arrive.
final class WriterProcess {
    let process: Process
    private let printed = PrintedLines()

    /// Starts the writer with `arguments`; it reaches the test server through the inherited environment.
    init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = try HelperExecutable.url(named: "postgres-conflict-writer")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        self.process = process
        let handle = output.fileHandleForReading
        let printed = printed
        try process.run()
        Thread {
            var pending = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let end = pending.firstIndex(of: "\n") {
                    printed.append(String(pending[..<end]))
                    pending = String(pending[pending.index(after: end)...])
                }
            }
            printed.finish()
        }.start()
    }

    /// The lines printed so far.
    var output: [String] { printed.lines }

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

    /// Waits for the process to end and its output to be read; returns its exit status.
    func waitForExit() async -> Int32 {
        while process.isRunning || !printed.isFinished { try? await Task.sleep(for: .milliseconds(20)) }
        return process.terminationStatus
    }
}

/// The lines a writer printed, appended by the thread reading its output.
private final class PrintedLines: Sendable {
    private let state = Mutex<(lines: [String], isFinished: Bool)>(([], false))

    var lines: [String] { state.withLock { $0.lines } }
    var isFinished: Bool { state.withLock { $0.isFinished } }

    func append(_ line: String) { state.withLock { $0.lines.append(line) } }
    func finish() { state.withLock { $0.isFinished = true } }
}
#endif
