import Foundation

/// The Mustache template texts the generator renders, by name (a file name without `.mustache`).
///
/// The defaults come from the package's `Templates/` folder, embedded into the library at build time
/// (no resource bundle, so a copied `modelgen` binary works alone). A user folder overrides them by name:
///
/// ```swift
/// let sources = try TemplateSources.embedded.overridden(by: URL(filePath: "MyTemplates"))
/// let renderer = try TemplateRenderer(sources: sources)
/// ```
public struct TemplateSources: Sendable, Hashable {
    /// Template text by template name; a template includes another as the partial `{{>name}}`.
    public var texts: [String: String]

    /// Creates a set of templates from texts by name.
    public init(_ texts: [String: String]) {
        self.texts = texts
    }

    /// The templates of the package's `Templates/` folder, embedded at build time.
    public static let embedded = TemplateSources(EmbeddedTemplates.sources)

    /// The template names, sorted.
    public var names: [String] { texts.keys.sorted() }

    /// These templates with every `*.mustache` file directly inside `directory` added or replacing the
    /// template of the same name.
    /// - Throws: ``TemplateError/unreadable(path:reason:)`` when the folder or a file cannot be read.
    public func overridden(by directory: URL) throws(TemplateError) -> TemplateSources {
        var merged = self
        merged.texts.merge(try Self.texts(in: directory)) { _, override in override }
        return merged
    }

    /// Reads every `*.mustache` file directly inside `directory`, keyed by file name without extension.
    /// - Throws: ``TemplateError/unreadable(path:reason:)`` when the folder or a file cannot be read.
    public static func texts(in directory: URL) throws(TemplateError) -> [String: String] {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        } catch {
            throw .unreadable(path: directory.path, reason: error.localizedDescription)
        }
        var texts: [String: String] = [:]
        for file in files where file.pathExtension == "mustache" {
            do {
                texts[file.deletingPathExtension().lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw .unreadable(path: file.path, reason: error.localizedDescription)
            }
        }
        return texts
    }
}
