import Foundation

/// Finds the helper executables of the package (`sqlite-crash-writer`, `postgres-conflict-writer`), which
/// SwiftPM builds next to the test bundle that depends on them.
///
/// ```swift
/// let writer = Process()
/// writer.executableURL = try HelperExecutable.url(named: "sqlite-crash-writer")
/// ```
public enum HelperExecutable {
    /// The built executable called `name`.
    /// - Throws: ``NotFound`` listing where it looked.
    public static func url(named name: String) throws -> URL {
        let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates {
            for base in [directory, directory.deletingLastPathComponent()] {
                let url = base.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        throw NotFound(name: name, searched: candidates)
    }

    /// No executable of that name was found.
    public struct NotFound: Error, CustomStringConvertible {
        /// The executable's name.
        public let name: String
        /// The directories searched (and their parents).
        public let searched: [URL]

        /// `"sqlite-crash-writer not found near …"`.
        public var description: String { "\(name) not found near \(searched.map(\.path))" }
    }
}
