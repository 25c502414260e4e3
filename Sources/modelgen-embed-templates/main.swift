import Foundation

// Usage: modelgen-embed-templates TEMPLATES_DIR OUTPUT_FILE
// Writes OUTPUT_FILE (only when its content changes) declaring `EmbeddedTemplates.sources`,
// the text of every `*.mustache` file directly inside TEMPLATES_DIR keyed by its name without extension.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: modelgen-embed-templates TEMPLATES_DIR OUTPUT_FILE\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let output = URL(fileURLWithPath: arguments[2])

do {
    let templates = try readTemplates(in: directory)
    let source = embeddedTemplatesSource(templates)
    let existing = try? String(contentsOf: output, encoding: .utf8)
    if existing != source {
        try source.write(to: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("\(directory.path): error: \(error)\n".utf8))
    exit(1)
}
