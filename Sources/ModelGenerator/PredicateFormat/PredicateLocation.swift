/// A position inside a predicate format string.
///
/// Offsets count `Character`s from the start of the string; lines and columns are 1-based, so a location
/// inside a model file is the attribute value's line plus `line - 1` and, on the first line, its column
/// plus `column - 1`.
public struct PredicateLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Characters before this position (0-based).
    public let offset: Int
    /// Line within the predicate string (1-based).
    public let line: Int
    /// Column within that line, in characters (1-based).
    public let column: Int

    /// Creates a location; `offset` is 0-based, `line` and `column` are 1-based.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders locations by offset.
    public static func < (lhs: PredicateLocation, rhs: PredicateLocation) -> Bool { lhs.offset < rhs.offset }
}

/// A malformed or unsupported predicate format string, with the position of the problem.
public struct PredicateFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as one sentence without position.
    public let message: String
    /// Where the problem starts.
    public let location: PredicateLocation

    /// Creates an error at `location`.
    public init(_ message: String, at location: PredicateLocation) {
        self.message = message
        self.location = location
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }
}
