import Foundation

/// The version folders of a `.xcdatamodeld` bundle, and how their names relate to version names.
enum VersionFolders {
    static let suffix = ".xcdatamodel"

    /// The version name of a folder name: `Moody 2.xcdatamodel` -> `Moody 2` (a bare name stays as it is).
    static func versionName(of folderName: String) -> String {
        folderName.hasSuffix(suffix) ? String(folderName.dropLast(suffix.count)) : folderName
    }

    /// The `.xcdatamodel` folder names inside `bundlePath`, in version order.
    static func folderNames(in bundlePath: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: bundlePath)) ?? []
        return entries.filter { $0.hasSuffix(suffix) }.sorted { VersionOrder.precedes(versionName(of: $0), versionName(of: $1)) }
    }
}
