import Foundation

/// The `contents` file chosen for a path the user gave, and how it was chosen.
struct LocatedModel: Sendable, Equatable {
    /// The `contents` file to read.
    var contentsPath: String
    /// The version folder name (`Model 2.xcdatamodel`), when the file is inside one.
    var versionName: String?
    /// Notes about the choice (the only version used because no current version was named).
    var notes: [Diagnostic]
}

/// Finds the `contents` file of a `.xcdatamodeld` bundle, a `.xcdatamodel` folder, or takes a
/// `contents` file as it is.
enum ModelLocator {
    static let binaryModelMessage =
        "binary model format (Xcode 3) is not supported; open and re-save it in Xcode 4 or later"

    static func locate(_ path: String) throws(ModelReadError) -> LocatedModel {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ModelReadError("no such file or directory", path: path)
        }
        guard isDirectory.boolValue else {
            return LocatedModel(contentsPath: path, versionName: nil, notes: [])
        }
        let folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        if isVersionFolder(folder) {
            return try versionFolder(folder, name: lastComponent(folder), notes: [])
        }
        return try bundle(folder)
    }

    private static func bundle(_ path: String) throws(ModelReadError) -> LocatedModel {
        let versions = versionNames(in: path)
        let current = try CurrentVersionFile.read(bundlePath: path)
        if case .named(let name) = current {
            guard versions.contains(name) else {
                throw ModelReadError(
                    "the current version '\(name)' does not exist in the bundle (versions: \(list(versions)))",
                    path: path + "/" + CurrentVersionFile.fileName
                )
            }
            return try versionFolder(path + "/" + name, name: name, notes: [])
        }
        let reason = current == .missing
            ? "the bundle has no \(CurrentVersionFile.fileName)"
            : "\(CurrentVersionFile.fileName) names no current version"
        guard let only = versions.first else {
            let message = path.hasSuffix(".xcdatamodeld")
                ? "the bundle holds no model version (no .xcdatamodel folder)"
                : "not a data model: expected a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file"
            throw ModelReadError(message, path: path)
        }
        guard versions.count == 1 else {
            throw ModelReadError(
                "\(reason) and holds \(versions.count) versions; pass the version folder to read: \(list(versions))",
                path: path
            )
        }
        let note = Diagnostic(.note, "\(reason); using its only version '\(only)'", path: path)
        return try versionFolder(path + "/" + only, name: only, notes: [note])
    }

    private static func versionFolder(_ path: String, name: String, notes: [Diagnostic]) throws(ModelReadError) -> LocatedModel {
        let fileManager = FileManager.default
        let contents = path + "/contents"
        if fileManager.fileExists(atPath: contents) {
            return LocatedModel(contentsPath: contents, versionName: name, notes: notes)
        }
        if fileManager.fileExists(atPath: path + "/elements") {
            throw ModelReadError(binaryModelMessage, path: path)
        }
        throw ModelReadError("the model version has no contents file", path: path)
    }

    static func isVersionFolder(_ path: String) -> Bool {
        let fileManager = FileManager.default
        return path.hasSuffix(".xcdatamodel")
            || fileManager.fileExists(atPath: path + "/contents")
            || fileManager.fileExists(atPath: path + "/elements")
    }

    /// The `.xcdatamodel` folders of a bundle, in version order.
    private static func versionNames(in bundlePath: String) -> [String] {
        VersionFolders.folderNames(in: bundlePath)
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
