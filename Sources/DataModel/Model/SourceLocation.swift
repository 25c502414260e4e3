/// A position in a model's `contents` file: 1-based line and column of the first character
/// (`<`) of the XML element that a value was read from.
///
/// Columns count UTF-8 bytes, as compilers and editors do for `path:line:col` diagnostics.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number, in UTF-8 bytes.
    public var column: Int

    /// Creates a location from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders locations by line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, as printed in diagnostics.
    public var description: String { "\(line):\(column)" }
}
