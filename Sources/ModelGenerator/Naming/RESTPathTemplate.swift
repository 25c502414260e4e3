/// A REST URL template from the model's userInfo (`rest.path`), such as `/repos/:repository.full_name/issues`.
///
/// `:` starts a key path of JSON keys (`[A-Za-z_][A-Za-z0-9_]*` joined by `.`) that is replaced by the
/// object's value at run time as path text (`/` in the value stays a separator: `/repos/:full_name`
/// gives `/repos/octocat/Hello-World`); `::` starts one whose value stays one path segment (`/` escaped
/// as `%2F`: `/labels/::name`); everything else is literal. After a `?`, values are query values. A key path ends at the first character that
/// cannot continue it (`/`, `?`, `-`, ...); a `.` continues it only when a key follows (`/files/:name.` ends with a literal `.`).
///
/// ```swift
/// let template = try RESTPathTemplate("/users/:login/repos")
/// template.keyPaths  // [["login"]]
/// ```
public struct RESTPathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// A part of the template.
    public enum Segment: Sendable, Hashable {
        /// Literal text, `offset` characters from the start.
        case literal(String, offset: Int)
        /// A `:key.path` placeholder (path text), `offset` characters from the start (at the `:`).
        case keyPath([String], offset: Int)
        /// A `::key.path` placeholder (one path segment), `offset` characters from the start (at the first `:`).
        case segmentKeyPath([String], offset: Int)
    }

    /// The template as written.
    public let template: String
    /// The literal and key path segments, in order.
    public let segments: [Segment]

    /// The key paths of the placeholders, in order.
    public var keyPaths: [[String]] {
        segments.compactMap { segment in
            switch segment {
            case .literal: nil
            case .keyPath(let path, _), .segmentKeyPath(let path, _): path
            }
        }
    }

    /// The template as written.
    public var description: String { template }

    /// Parses and validates a template.
    /// - Throws: ``RESTPathTemplateError`` for an empty template, whitespace, or a `:` or `::` not followed by a key.
    public init(_ template: String) throws(RESTPathTemplateError) {
        self.template = template
        self.segments = try Self.segments(of: Array(template))
    }

    private static func segments(of characters: [Character]) throws(RESTPathTemplateError) -> [Segment] {
        guard !characters.isEmpty else { throw RESTPathTemplateError("a REST path must not be empty", offset: 0) }
        var segments: [Segment] = []
        var literalStart = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                throw RESTPathTemplateError("a REST path must not contain whitespace", offset: index)
            }
            guard character == ":" else {
                index += 1
                continue
            }
            if literalStart < index {
                segments.append(.literal(String(characters[literalStart..<index]), offset: literalStart))
            }
            let isSegment = index + 1 < characters.count && characters[index + 1] == ":"
            let (path, end) = try keyPath(in: characters, at: isSegment ? index + 1 : index)
            segments.append(isSegment ? .segmentKeyPath(path, offset: index) : .keyPath(path, offset: index))
            index = end
            literalStart = end
        }
        if literalStart < characters.count {
            segments.append(.literal(String(characters[literalStart...]), offset: literalStart))
        }
        return segments
    }

    /// The key path after the `:` at `colon`, and the index just after it.
    private static func keyPath(in characters: [Character], at colon: Int) throws(RESTPathTemplateError) -> ([String], Int) {
        var keys: [String] = []
        var index = colon + 1
        repeat {
            if !keys.isEmpty { index += 1 }
            let start = index
            while index < characters.count, isKeyCharacter(characters[index], first: index == start) { index += 1 }
            guard start < index else {
                if keys.isEmpty {
                    throw RESTPathTemplateError("expected a key after ':'", offset: colon)
                }
                return (keys, start - 1)
            }
            keys.append(String(characters[start..<index]))
        } while index < characters.count && characters[index] == "."
        return (keys, index)
    }

    private static func isKeyCharacter(_ character: Character, first: Bool) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character == "_" || (!first && character.isNumber)
    }
}

/// A malformed REST path template.
public struct RESTPathTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Characters from the start of the template to the problem (0-based).
    public let offset: Int

    /// Creates an error at `offset`.
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `column N: message`, with a 1-based column.
    public var description: String { "column \(offset + 1): \(message)" }
}
