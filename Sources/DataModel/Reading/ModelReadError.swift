/// Why a model could not be read at all: a missing file, an ambiguous bundle, a binary
/// (Xcode 3) model, malformed XML, a DOCTYPE, or a root element that is not `<model>`.
public struct ModelReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error as a located diagnostic, ready to print.
    public var diagnostic: Diagnostic

    /// Creates an error from its diagnostic.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    init(_ message: String, path: String, location: SourceLocation? = nil) {
        self.init(Diagnostic(.error, message, path: path, location: location))
    }

    /// The diagnostic's `path:line:col: error: message` form.
    public var description: String { diagnostic.description }
}
