/// Why a template could not be loaded, compiled or rendered.
public enum TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template `template` is malformed at `line` and `column` (1-based, in the template's own text).
    case syntax(template: String, line: Int, column: Int, message: String)
    /// No template is registered under this name.
    case unknownTemplate(String)
    /// A template file or folder could not be read.
    case unreadable(path: String, reason: String)

    /// A one-line message; syntax errors read `name.mustache:line:col: error: message`.
    public var description: String {
        switch self {
        case .syntax(let template, let line, let column, let message):
            "\(template).mustache:\(line):\(column): error: \(message)"
        case .unknownTemplate(let name):
            "error: no template named '\(name)'"
        case .unreadable(let path, let reason):
            "\(path): error: cannot read templates: \(reason)"
        }
    }
}
