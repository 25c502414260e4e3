#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents the way a compiler reading it concurrently needs: the new bytes go to a
/// temporary file beside it, which is then renamed over it, so a reader sees the old file or the new one,
/// never a part. Unlike `Data.write(to:options: .atomic)` it does not `fsync` each file: generated sources
/// are derived data that the next build writes again, and a flush per file cost 0.2–0.8 s for 1,000 files
/// on this project's machines (`Benchmarks/README.md`, "Generating code").
enum FileReplacement {
    /// Writes `contents` to `path`, replacing what is there.
    /// - Throws: ``FileWriteError`` naming the path and the system's reason.
    static func replace(_ path: String, with contents: String) throws {
        let temporary = path + ".modelgen-\(getpid())-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, "cannot create \(temporary): \(String(cString: strerror(errno)))") }
        var text = contents
        let writeError = text.withUTF8 { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        let closeError = close(descriptor) == 0 ? nil : errno
        if let error = writeError ?? closeError {
            unlink(temporary)
            throw failure(path, String(cString: strerror(error)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(path, reason)
        }
    }

    private static func failure(_ path: String, _ reason: String) -> FileWriteError {
        FileWriteError(path: path, reason: reason)
    }
}

/// A generated file that could not be written: `cannot write Sources/Gen/Band.swift: Permission denied`.
public struct FileWriteError: Error, CustomStringConvertible {
    /// The file that was to be written.
    public let path: String
    /// The operating system's reason.
    public let reason: String

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}
