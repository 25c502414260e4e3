import DataModel
import Foundation

/// Builds model files for tests, with predictable line numbers: the XML declaration is line 1,
/// `<model>` is line 2 and the first line of `body` is line 3.
enum ModelText {
    static let header = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#

    static func model(_ body: String, rootAttributes: String = #"type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0""#) -> String {
        header + "\n<model \(rootAttributes)>\n" + body + "\n</model>\n"
    }

    /// Reads `body` wrapped in a model, without validation.
    static func read(_ body: String) throws -> ReadModel {
        try ModelReader().read(xml: Array(model(body).utf8), path: "test/contents")
    }

    /// Reads and validates `body` wrapped in a model.
    static func diagnostics(_ body: String) throws -> [Diagnostic] {
        let read = try read(body)
        return (read.diagnostics + ModelValidator().validate(read.model, path: read.contentsPath)).sortedByLocation()
    }

    /// `line:column: severity: message` for each diagnostic, the path left out.
    static func summaries(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in
            let location = diagnostic.location.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(location): \(diagnostic.severity.rawValue): \(diagnostic.message)"
        }
    }
}

/// A temporary folder that tests write model files into; removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "modelgen-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `relativePath`, creating folders, and returns the full path.
    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> String {
        let full = path + "/" + relativePath
        let folder = (full as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Creates an empty folder at `relativePath` and returns its full path.
    @discardableResult
    func folder(_ relativePath: String) throws -> String {
        let full = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    /// A `.xccurrentversion` property list naming `version`, or naming none when `nil`.
    static func currentVersionPlist(_ version: String?) -> String {
        let dictionary = version.map { "<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>\($0)</string>\n</dict>" } ?? "<dict/>"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(dictionary)
            </plist>

            """
    }
}
