import Foundation

/// A template file read from disk: its name (file name without `.mustache`) and text.
struct TemplateFile {
    let name: String
    let text: String
}

/// Reads every `*.mustache` file directly inside `directory`, sorted by name so the output is deterministic.
func readTemplates(in directory: URL) throws -> [TemplateFile] {
    let urls = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
    return try urls
        .filter { $0.pathExtension == "mustache" }
        .map { TemplateFile(name: $0.deletingPathExtension().lastPathComponent, text: try String(contentsOf: $0, encoding: .utf8)) }
        .sorted { $0.name < $1.name }
}
