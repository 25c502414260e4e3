#if PostgreSQL
import Foundation
import ObjectGraphConformance

/// A running `postgres-conflict-writer` whose output lines are collected as they arrive. Tests start
/// writers with ``withWriters(_:_:)``, which ends and reaps them however the test ends.
///
/// Its standard output is a file, not a pipe: the test reads the file by path, so the writer never meets a
/// closed pipe (Foundation's `Process` and `Pipe` on Linux can close a descriptor twice when tests start
/// processes in parallel, which closed a writer's pipe and killed it with a broken-pipe error).
final class WriterProcess: @unchecked Sendable {
    // `Process` is not `Sendable`; after `run()` in `init` it is only read, signalled and waited on.
    let process: Process
    private let outputURL: URL

    /// Runs `body` with writers started with each of `argumentLists`, then kills (`SIGKILL`) those still
    /// running and waits until every one has exited, however `body` ends: returning, throwing, or cancelled
    /// (a time limit; the kill then comes at once). So no test leaves a writer behind: a `batches` writer
    /// saves until it is killed, loading the server for every later test.
    static func withWriters<T>(_ argumentLists: [[String]], _ body: ([WriterProcess]) async throws -> T) async throws -> T {
        var writers: [WriterProcess] = []
        do {
            for arguments in argumentLists { writers.append(try WriterProcess(arguments)) }
            let started = writers
            let result = try await withTaskCancellationHandler {
                try await body(started)
            } onCancel: {
                for writer in started { writer.killIfRunning() }
            }
            await endAndReap(writers)
            return result
        } catch {
            await endAndReap(writers)
            throw error
        }
    }

    private static func endAndReap(_ writers: [WriterProcess]) async {
        for writer in writers {
            writer.killIfRunning()
            _ = await writer.waitForExit()
        }
    }

    /// Starts the writer with `arguments`; it reaches the test server through the inherited environment.
    private init(_ arguments: [String]) throws {
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

    /// Kills the writer (`SIGKILL`, which it cannot catch) if it still runs.
    func killIfRunning() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits, on a thread of its own (as ``ToolProcess`` does, and cancelled or not), until the process
    /// has ended and Foundation has reaped it; returns its exit status (the signal's number after a kill).
    func waitForExit() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread {
                self.process.waitUntilExit()
                continuation.resume(returning: self.process.terminationStatus)
            }.start()
        }
    }
}
#endif
