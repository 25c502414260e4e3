import Foundation

/// The corpus of real models named by `MODELGEN_CORPUS` (`.ci/run` sets it to the corpus beside the clone).
enum Corpus {
    /// The corpus folder, when the variable is set.
    static let folder: String? = ProcessInfo.processInfo.environment["MODELGEN_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }

    /// Every model in the corpus: each `.xcdatamodeld` bundle, and each `.xcdatamodel` folder
    /// that is not inside a bundle. Paths are relative to the corpus folder, sorted.
    static let models: [String] = {
        guard let folder, let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var models: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".xcdatamodeld") {
                models.append(relative)
                enumerator.skipDescendants()
            } else if relative.hasSuffix(".xcdatamodel") {
                models.append(relative)
                enumerator.skipDescendants()
            }
        }
        return models.sorted()
    }()

    /// The corpus folder (the first path component) that holds a model.
    static func entry(of model: String) -> String {
        String(model.split(separator: "/").first ?? Substring(model))
    }

    /// The `entity_count` column of `MANIFEST.tsv`, by corpus folder.
    static func manifestEntityCounts() throws -> [String: Int] {
        guard let folder else { return [:] }
        let manifest = try String(contentsOfFile: folder + "/MANIFEST.tsv", encoding: .utf8)
        var counts: [String: Int] = [:]
        for line in manifest.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count > 4, let count = Int(columns[4]) {
                counts[String(columns[0])] = count
            }
        }
        return counts
    }

    /// Occurrences of `needle` in `text`, counted textually.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
