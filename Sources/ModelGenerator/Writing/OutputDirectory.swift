import Foundation

/// The generated files of an output directory compared with what is on disk: written only when changed,
/// stale owned files (starting with ``GeneratedFile/ownershipMarker``) removed, and `--check` reports.
public struct OutputDirectory: Sendable {
    /// How one file on disk differs from the generated set.
    public enum Difference: Sendable, Hashable, CustomStringConvertible {
        /// The file exists with other contents.
        case changed(String)
        /// The file does not exist.
        case missing(String)
        /// An owned file that is no longer generated.
        case extra(String)

        /// The file's name.
        public var name: String {
            switch self {
            case .changed(let name), .missing(let name), .extra(let name): name
            }
        }

        /// `differs: Band.swift`, `missing: Band.swift`, `extra: Old.swift`.
        public var description: String {
            switch self {
            case .changed(let name): "differs: \(name)"
            case .missing(let name): "missing: \(name)"
            case .extra(let name): "extra: \(name)"
            }
        }
    }

    /// The directory.
    public let url: URL

    /// An output directory at `url` (created on first write).
    public init(url: URL) {
        self.url = url
    }

    /// Every difference between `files` and the directory, sorted by file name.
    public func differences(from files: [GeneratedFile]) -> [Difference] {
        var differences: [Difference] = []
        let generated = Set(files.map(\.name))
        // Files the listing lacks are missing without a read (all of them in a new directory).
        let present = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let presentNames = Set(present)
        for file in files {
            let existing = presentNames.contains(file.name)
                ? FileManager.default.contents(atPath: url.appendingPathComponent(file.name).path) : nil
            if existing == nil {
                differences.append(.missing(file.name))
            } else if existing != Data(file.contents.utf8) {
                differences.append(.changed(file.name))
            }
        }
        for name in ownedFileNames(among: present) where !generated.contains(name) {
            differences.append(.extra(name))
        }
        return differences.sorted { $0.name < $1.name }
    }

    /// Writes changed and missing files and removes extra owned ones; returns what it changed.
    @discardableResult
    public func write(_ files: [GeneratedFile]) throws -> [Difference] {
        let differences = self.differences(from: files)
        guard !differences.isEmpty else { return [] }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let byName = Dictionary(files.map { ($0.name, $0) }) { first, _ in first }
        let directory = url
        let outcomes = differences.parallelMap { difference in
            Result { () throws -> Void in
                let fileURL = directory.appendingPathComponent(difference.name)
                switch difference {
                case .changed(let name), .missing(let name):
                    try FileReplacement.replace(fileURL.path, with: byName[name]?.contents ?? "")
                case .extra:
                    try FileManager.default.removeItem(at: fileURL)
                }
            }
        }
        for outcome in outcomes { try outcome.get() }
        return differences
    }

    /// The `.swift` files among `names` (the directory's) that modelgen wrote.
    private func ownedFileNames(among names: [String]) -> [String] {
        let marker = Data(GeneratedFile.ownershipMarker.utf8)
        return names.filter { name in
            guard name.hasSuffix(".swift"), let handle = FileHandle(forReadingAtPath: url.appendingPathComponent(name).path) else { return false }
            defer { try? handle.close() }
            let prefix = (try? handle.read(upToCount: marker.count)) ?? Data()
            return prefix == marker
        }
    }
}
