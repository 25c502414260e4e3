import Foundation

/// The models of a SwiftPM target directory: bundles and standalone `.xcdatamodel` folders inside it, plus
/// those its `modelgen.json` lists (paths relative to the directory), with the file's access level.
///
/// ```json
/// {"models": ["../../Models/Bandcamp.xcdatamodeld"], "accessLevel": "internal"}
/// ```
///
/// Per model (by the bundle's name without extension) it may also give the order of the versions and
/// the version pairs that have a custom migration step (``VersionsConfiguration``):
/// `"versions": {"Moody": ["Moody", "Moody 2"]}`, `"customMigrations": {"Moody": [{"from": "Moody", "to": "Moody 2"}]}`.
public struct TargetConfiguration: Sendable, Hashable {
    private struct File: Decodable {
        var models: [String]?
        var accessLevel: AccessLevel?
        var versions: [String: [String]]?
        var customMigrations: [String: [VersionPair]]?
    }

    /// The model paths, sorted.
    public var models: [String]
    /// The access level the file asks for, if any.
    public var accessLevel: AccessLevel?
    /// The version order of each model that has one, by model name.
    public var versionOrders: [String: [String]]
    /// The version pairs with a custom migration step, by model name.
    public var customMigrations: [String: [VersionPair]]

    /// The versions configuration of the model called `modelName`.
    public func versions(ofModel modelName: String) -> VersionsConfiguration {
        VersionsConfiguration(order: versionOrders[modelName], customSteps: Set(customMigrations[modelName] ?? []))
    }

    /// A `modelgen.json` that is not valid JSON or has a field of the wrong type.
    public struct MalformedFile: Error, CustomStringConvertible {
        /// The file's path.
        public let path: String
        /// What the JSON decoder found wrong.
        public let reason: String

        /// `path: malformed modelgen.json: reason`.
        public var description: String { "\(path): malformed modelgen.json: \(reason)" }
    }

    /// Reads the configuration of the target at `directory`.
    /// - Throws: ``MalformedFile`` when its `modelgen.json` cannot be decoded.
    public init(targetDirectory directory: String) throws(MalformedFile) {
        try self.init(targetDirectory: directory, file: URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent("modelgen.json").path)
    }

    /// Reads the configuration file at `filePath` (which need not exist) for the target at `directory`.
    /// - Throws: ``MalformedFile`` when the file cannot be decoded.
    public init(targetDirectory directory: String, file filePath: String) throws(MalformedFile) {
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        var file = File()
        if let data = FileManager.default.contents(atPath: filePath) {
            do {
                file = try JSONDecoder().decode(File.self, from: data)
            } catch {
                throw MalformedFile(path: filePath, reason: "\(error)")
            }
        }
        var found: [String] = []
        if let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) {
            while let url = walker.nextObject() as? URL {
                guard ["xcdatamodeld", "xcdatamodel"].contains(url.pathExtension) else { continue }
                found.append(url.path)
                walker.skipDescendants()
            }
        }
        let listed = (file.models ?? []).map { base.appendingPathComponent($0).standardizedFileURL.path }
        models = (found + listed).sorted()
        accessLevel = file.accessLevel
        versionOrders = file.versions ?? [:]
        customMigrations = file.customMigrations ?? [:]
    }
}
