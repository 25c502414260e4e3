import Foundation

/// A command-line tool (`psql`, `pg_dump`) run as a child process and awaited on a thread of its own, never
/// on the cooperative pool: `Process.waitUntilExit()` blocks its thread, and the pool has as many threads
/// as cores (two here), so a test waiting that way held up every other task of the run meanwhile.
///
/// The tool is found on `PATH` (through `/usr/bin/env`). Captured output goes to a temporary file, not a
/// pipe (Foundation on Linux can close a pipe's descriptor twice when tests start processes in parallel).
///
/// ```swift
/// let rows = try await ToolProcess.output(of: "psql", [url, "-tAq", "-c", "SELECT 1"])
/// let sleeper = try ToolProcess("psql", [url, "-c", "SELECT pg_sleep(2)"])
/// let status = await sleeper.exitStatus()
/// ```
public final class ToolProcess: @unchecked Sendable {
    // `Process` is not `Sendable`; after `run()` in `init` it is only waited on, read and terminated.
    private let process = Process()
    private let outputURL: URL?

    /// Starts `tool` with `arguments`; its standard output is discarded unless `capturingOutput`, its
    /// standard error when `discardingErrors` (a tool the caller ends on purpose).
    public init(_ tool: String, _ arguments: [String], capturingOutput: Bool = false, discardingErrors: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if discardingErrors { process.standardError = FileHandle.nullDevice }
        if capturingOutput {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tool-output-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            outputURL = url
            process.standardOutput = output
            try process.run()
        } else {
            outputURL = nil
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        }
    }

    deinit {
        if let outputURL { try? FileManager.default.removeItem(at: outputURL) }
    }

    /// Waits, on a thread of its own, until the tool ends; returns its exit status.
    public func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread {
                self.process.waitUntilExit()
                continuation.resume(returning: self.process.terminationStatus)
            }.start()
        }
    }

    /// Ends the tool (`SIGTERM`) if it still runs.
    public func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Runs `tool` with `arguments` to its end and returns what it printed.
    /// - Throws: ``Failed`` when it exits with a status other than 0.
    public static func output(of tool: String, _ arguments: [String]) async throws -> String {
        let running = try ToolProcess(tool, arguments, capturingOutput: true)
        let status = await running.exitStatus()
        guard status == 0 else { throw Failed(tool: tool, arguments: arguments, status: status) }
        return running.capturedOutput
    }

    /// What the tool printed so far (empty unless it was started `capturingOutput`).
    private var capturedOutput: String {
        guard let outputURL, let data = try? Data(contentsOf: outputURL) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A tool exited with an error.
    public struct Failed: Error, CustomStringConvertible {
        /// The tool's name.
        public let tool: String
        /// Its arguments.
        public let arguments: [String]
        /// Its exit status.
        public let status: Int32

        /// `"psql [...] exited with status 3"`.
        public var description: String { "\(tool) \(arguments) exited with status \(status)" }
    }
}
