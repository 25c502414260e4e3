import Foundation

/// Reads what a helper process prints, for the crash tests that kill it part-way.
///
/// ```swift
/// let lines = await ProcessOutput.lines(of: pipe.fileHandleForReading, until: 40) { writer.terminate() }
/// ```
public enum ProcessOutput {
    /// Reads lines on a dedicated thread; calls `stop` once `count` lines arrived (never for `.max`), then
    /// drains the pipe until the process closes it. Returns every line read.
    public static func lines(of handle: FileHandle, until count: Int, stop: @escaping @Sendable () -> Void) async -> [String] {
        await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                var stopped = false
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                    if !stopped && text.split(separator: "\n").count >= count {
                        stop()
                        stopped = true
                    }
                }
                continuation.resume(returning: text.split(separator: "\n").map(String.init))
            }.start()
        }
    }
}
