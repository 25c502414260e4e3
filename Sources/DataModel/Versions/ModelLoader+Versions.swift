import Foundation

extension ModelLoader {
    /// Reads every version of the model at `path`: each `.xcdatamodel` folder of a bundle in version
    /// order (``VersionOrder``) or in `order` when given (version names, with or without
    /// `.xcdatamodel`), and which one is current. A `.xcdatamodel` folder or `contents` file is a
    /// history of one version. Never throws: problems are diagnostics.
    ///
    /// - A version that `order` leaves out is a warning at that version's `<model>` element, and the
    ///   version is left out; a name in `order` that is no version of the bundle is an error.
    /// - A binary (Xcode 3) version is a warning and is left out, unless it is the current one (an error).
    /// - Versions after the current one stay in ``LoadedVersions/versions`` (a plan can reach them)
    ///   but not in ``LoadedVersions/history``; a note says so.
    public func loadVersions(path: String, order: [String]? = nil) -> LoadedVersions {
        let folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
              !ModelLocator.isVersionFolder(folder)
        else { return singleVersion(path: path) }
        var bundle = BundleVersionsReader(bundlePath: folder, loader: self)
        return bundle.read(order: order)
    }

    /// A version folder or `contents` file: a history of one version.
    private func singleVersion(path: String) -> LoadedVersions {
        let loaded = load(path: path)
        let name = loaded.versionName.map(VersionFolders.versionName(of:)) ?? ModelLoader.modelName(of: path)
        let version = loaded.contentsPath.map { ModelVersion(name: name, contentsPath: $0, model: loaded.model) }
        return LoadedVersions(path: path, versions: version.map { [$0] } ?? [], currentName: version?.name,
                              diagnostics: loaded.diagnostics)
    }

    /// The name of the model at `path`: its `.xcdatamodeld` or `.xcdatamodel` name without extension.
    static func modelName(of path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        if components.last == "contents" { components.removeLast() }
        if components.count > 1, components[components.count - 2].hasSuffix(".xcdatamodeld") { components.removeLast() }
        let last = components.last ?? path
        guard let dot = last.lastIndex(of: ".") else { return last }
        return String(last[..<dot])
    }
}

/// Reads the versions of one `.xcdatamodeld` bundle for ``ModelLoader/loadVersions(path:order:)``.
private struct BundleVersionsReader {
    let bundlePath: String
    let loader: ModelLoader
    var diagnostics: [Diagnostic] = []

    init(bundlePath: String, loader: ModelLoader) {
        self.bundlePath = bundlePath
        self.loader = loader
    }

    mutating func read(order: [String]?) -> LoadedVersions {
        let found = VersionFolders.folderNames(in: bundlePath).map(VersionFolders.versionName(of:))
        var names = found
        if let order {
            names = chosen(order.map(VersionFolders.versionName(of:)), found: found)
        }
        let current = currentName(names: names, explicitOrder: order != nil)
        var versions: [ModelVersion] = []
        for name in names {
            if let version = readVersion(name, isCurrent: name == current) {
                versions.append(version)
            }
        }
        if let current, let end = names.firstIndex(of: current), end + 1 < names.count {
            let later = names[(end + 1)...].map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(Diagnostic(
                .note, "\(later) \(names.count - end - 1 == 1 ? "comes" : "come") after the current version '\(current)' and \(names.count - end - 1 == 1 ? "is" : "are") not part of the version history",
                path: bundlePath))
        }
        if versions.isEmpty, !diagnostics.containsErrors {
            diagnostics.append(Diagnostic(.error, "the bundle holds no model version (no .xcdatamodel folder)", path: bundlePath))
        }
        return LoadedVersions(path: bundlePath, versions: versions, currentName: current,
                              diagnostics: diagnostics.sortedByLocation())
    }

    /// The names of `order` that exist; an error for each that does not, a warning for each version left out.
    private mutating func chosen(_ order: [String], found: [String]) -> [String] {
        var names: [String] = []
        for name in order {
            if !found.contains(name) {
                diagnostics.append(Diagnostic(
                    .error, "the versions list names '\(name)', which is not a version of the bundle (versions: \(ModelLocator.list(found)))",
                    path: bundlePath))
            } else if names.contains(name) {
                diagnostics.append(Diagnostic(.error, "the versions list names '\(name)' twice", path: bundlePath))
            } else {
                names.append(name)
            }
        }
        for name in found where !names.contains(name) {
            let contents = bundlePath + "/" + name + VersionFolders.suffix + "/contents"
            let location = (try? ModelReader().read(path: contents)).map(\.model.location)
            diagnostics.append(Diagnostic(
                .warning, "version '\(name)' is not in the versions list and is left out of the version history",
                path: FileManager.default.fileExists(atPath: contents) ? contents : bundlePath + "/" + name + VersionFolders.suffix,
                location: location))
        }
        return names
    }

    /// The current version: `.xccurrentversion`, else the last of an explicit order, else the only version.
    private mutating func currentName(names: [String], explicitOrder: Bool) -> String? {
        let file: CurrentVersionFile
        do {
            file = try CurrentVersionFile.read(bundlePath: bundlePath)
        } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
        if case .named(let folderName) = file {
            let name = VersionFolders.versionName(of: folderName)
            guard names.contains(name) else {
                diagnostics.append(Diagnostic(
                    .error, "the current version '\(folderName)' \(explicitOrder ? "is not in the versions list" : "does not exist in the bundle") (versions: \(ModelLocator.list(names)))",
                    path: bundlePath + "/" + CurrentVersionFile.fileName))
                return nil
            }
            return name
        }
        let reason = file == .missing ? "the bundle has no \(CurrentVersionFile.fileName)" : "\(CurrentVersionFile.fileName) names no current version"
        if names.count == 1 || (explicitOrder && !names.isEmpty), let last = names.last {
            diagnostics.append(Diagnostic(.note, "\(reason); using \(names.count == 1 ? "its only" : "the last listed") version '\(last)'", path: bundlePath))
            return last
        }
        if names.count > 1 {
            diagnostics.append(Diagnostic(
                .error, "\(reason) and holds \(names.count) versions; name the current one in a versions list: \(ModelLocator.list(names))",
                path: bundlePath))
        }
        return nil
    }

    /// Reads and validates one version; `nil` for a binary or unreadable one (with its diagnostic).
    private mutating func readVersion(_ name: String, isCurrent: Bool) -> ModelVersion? {
        let folder = bundlePath + "/" + name + VersionFolders.suffix
        let contents = folder + "/contents"
        guard FileManager.default.fileExists(atPath: contents) else {
            let isBinary = FileManager.default.fileExists(atPath: folder + "/elements")
            let message = isBinary ? ModelLocator.binaryModelMessage : "the model version has no contents file"
            diagnostics.append(Diagnostic(
                isCurrent ? .error : .warning,
                isCurrent ? message : message + "; version '\(name)' is left out of the version history",
                path: folder))
            return nil
        }
        let loaded = loader.load(path: folder)
        diagnostics += isCurrent ? loaded.diagnostics : loaded.diagnostics.filter { $0.severity == .error }
        return ModelVersion(name: name, contentsPath: loaded.contentsPath ?? contents, model: loaded.model)
    }
}
