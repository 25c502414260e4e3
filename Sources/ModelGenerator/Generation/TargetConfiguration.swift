import Foundation

/// The models of a SwiftPM target directory: bundles and standalone `.xcdatamodel` folders inside it, plus
/// those its `modelgen.json` lists (paths relative to the directory), with the file's access level.
///
/// ```json
/// {"models": ["../../Models/Bandcamp.xcdatamodeld"], "accessLevel": "internal"}
/// ```
public struct TargetConfiguration: Sendable, Hashable {
    private struct File: Decodable {
        var models: [String]?
        var accessLevel: AccessLevel?
    }

    /// The model paths, sorted.
    public var models: [String]
    /// The access level the file asks for, if any.
    public var accessLevel: AccessLevel?

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
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        var file = File()
        let filePath = base.appendingPathComponent("modelgen.json").path
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
    }
}
