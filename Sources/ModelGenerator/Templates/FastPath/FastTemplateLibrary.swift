import Mustache

/// Renders ``FastTemplate``s as swift-mustache 2.1.1 renders the same texts in text mode, without its
/// per-lookup casts, name splitting and intermediate strings: the view model's values are
/// ``TemplateValue``s read by ``TemplateField`` (a `switch` per type, no `Any`), and anything else is
/// told apart by its dynamic type once, as swift-mustache does (``TemplateValue/init(any:)``).
///
/// A template or value outside the subset it supports throws ``FastTemplate/Unsupported``, and the caller
/// renders with swift-mustache instead: a template that does not parse as a ``FastTemplate`` (or includes
/// one), a value that is not a `String`, `Bool`, `Int`, ``TemplateObject``, `MustacheParent` or
/// `MustacheSequence` (so lambdas, templates, custom renderables and representations, and other types
/// swift-mustache reads through `Mirror`), and a key path through a list.
struct FastTemplateLibrary: Sendable {
    private var templates: [String: FastTemplate] = [:]
    /// Every template name of the library it stands for, compiled here or not: a partial that is neither
    /// renders nothing, as in swift-mustache; one that is only in swift-mustache's library is unsupported.
    private var allNames: Set<String> = []

    init() {}

    /// Adds `text` as the template `name` when it parses as a ``FastTemplate``; records the name either way.
    mutating func register(_ text: String?, named name: String) {
        allNames.insert(name)
        templates[name] = text.flatMap { try? FastTemplate(text: $0) }
    }

    /// The template `name` rendered with `root` as the only object on the stack, or nil when it is not in
    /// the library.
    func render(_ name: String, _ root: Any) throws(FastTemplate.Unsupported) -> String? {
        guard let template = templates[name] else {
            if allNames.contains(name) { throw FastTemplate.Unsupported() }
            return nil
        }
        var output: [UInt8] = []
        var stack = [try TemplateValue(any: root)]
        try render(template.tokens, stack: &stack, indentation: nil, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// swift-mustache's `getChild`: `.` is the top of the stack; otherwise the first word is looked up from
    /// the top of the stack down (in objects: strings, numbers, booleans and lists have no fields), and the
    /// others in what it found.
    private func lookUp(_ name: FastTemplate.Name, in stack: [TemplateValue]) throws(FastTemplate.Unsupported) -> TemplateValue? {
        guard !name.isCurrent else { return stack.last }
        var found: TemplateValue?
        for index in stack.indices.reversed() {
            if case .object(let object) = stack[index], let child = try object.templateValue(for: name.path[0]) {
                found = child
                break
            }
        }
        for key in name.path.dropFirst() {
            switch found {
            case nil: return nil
            case .object(let object): found = try object.templateValue(for: key)
            case .string, .bool, .int: return nil
            case .list: throw FastTemplate.Unsupported()
            }
        }
        return found
    }

    /// swift-mustache's `MustacheTemplate.render(context:)`: with an indentation, a token's output that
    /// starts a line (after this call's own output so far, which begins at the output's current end) is
    /// indented.
    private func render(
        _ tokens: [FastTemplate.Token], stack: inout [TemplateValue], indentation: [UInt8]?, into output: inout [UInt8]
    ) throws(FastTemplate.Unsupported) {
        guard let indentation, !indentation.isEmpty else {
            for token in tokens { try render(token, stack: &stack, indentation: indentation, into: &output) }
            return
        }
        let start = output.count
        for token in tokens {
            let startsLine = Self.endsWithNewline(output[start...])
            let tokenStart = output.count
            try render(token, stack: &stack, indentation: indentation, into: &output)
            if startsLine, output.count > tokenStart { output.insert(contentsOf: indentation, at: tokenStart) }
        }
    }

    /// Whether the last `Character` of `text` is `"\n"` (a `"\r\n"` is one other character).
    private static func endsWithNewline(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.last == UInt8(ascii: "\n") else { return false }
        return text.count < 2 || text[text.endIndex - 2] != UInt8(ascii: "\r")
    }

    private func render(
        _ token: FastTemplate.Token, stack: inout [TemplateValue], indentation: [UInt8]?, into output: inout [UInt8]
    ) throws(FastTemplate.Unsupported) {
        switch token {
        case .text(let text):
            output.append(contentsOf: text)
        case .variable(let name):
            switch try lookUp(name, in: stack) {
            case nil: return
            case .string(let string): Self.append(string, to: &output)
            case .bool(let bool): Self.append(bool ? "true" : "false", to: &output)
            case .int(let int): Self.append(String(int), to: &output)
            case .list, .object: throw FastTemplate.Unsupported()
            }
        case .section(let name, let inner):
            guard let value = try lookUp(name, in: stack) else { return }
            switch value {
            case .bool(let bool):
                if bool { try render(inner, stack: &stack, indentation: indentation, into: &output) }
            case .list(let list):
                for index in 0..<list.count {
                    try render(inner, pushing: try list.element(at: index), stack: &stack, indentation: indentation, into: &output)
                }
            case .string, .int, .object:
                try render(inner, pushing: value, stack: &stack, indentation: indentation, into: &output)
            }
        case .invertedSection(let name, let inner):
            switch try lookUp(name, in: stack) {
            case nil:
                try render(inner, stack: &stack, indentation: indentation, into: &output)
            case .bool(let bool):
                if !bool { try render(inner, stack: &stack, indentation: indentation, into: &output) }
            case .list(let list):
                if list.count == 0 { try render(inner, pushing: .list(list), stack: &stack, indentation: indentation, into: &output) }
            case .string, .int, .object:
                break
            }
        case .partial(let name, let partialIndentation):
            guard let template = templates[name] else {
                if allNames.contains(name) { throw FastTemplate.Unsupported() }
                return
            }
            let combined = partialIndentation.map { (indentation ?? []) + Array($0.utf8) } ?? indentation
            try render(template.tokens, stack: &stack, indentation: combined, into: &output)
        }
    }

    /// `string`'s UTF-8 appended as one block (a copy through `string.utf8` goes byte by byte).
    private static func append(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { output.append(contentsOf: $0) }
    }

    private func render(
        _ tokens: [FastTemplate.Token], pushing value: TemplateValue, stack: inout [TemplateValue], indentation: [UInt8]?,
        into output: inout [UInt8]
    ) throws(FastTemplate.Unsupported) {
        stack.append(value)
        defer { stack.removeLast() }
        try render(tokens, stack: &stack, indentation: indentation, into: &output)
    }
}
