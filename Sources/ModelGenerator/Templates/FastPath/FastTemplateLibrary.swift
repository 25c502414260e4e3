import Mustache

/// Renders ``FastTemplate``s as swift-mustache 2.1.1 renders the same texts in text mode, without its
/// per-lookup casts, name splitting and intermediate strings: values are read through `MustacheParent`
/// (the view model's hashed field tables), and `String`, `Bool` and `Int` values are told apart by
/// their concrete types first.
///
/// A template or value outside the subset it supports throws ``FastTemplate/Unsupported``, and the caller
/// renders with swift-mustache instead: a template that does not parse as a ``FastTemplate`` (or includes
/// one), a value that is not a `String`, `Bool`, `Int`, `MustacheParent` or `MustacheSequence` (so
/// lambdas, templates, custom renderables and representations, and other types swift-mustache reads
/// through `Mirror`), and a key path through such a value.
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
        var output = ""
        var stack = [try Frame(root)]
        try render(template.tokens, stack: &stack, indentation: nil, into: &output)
        return output
    }

    /// A value on the context stack, with what a lookup can read of it.
    private struct Frame {
        let value: Any
        /// The object whose children a name can reach; nil for values that have none (strings, numbers,
        /// booleans, sequences: `Mirror` finds no labelled children in them).
        let parent: (any MustacheParent)?

        init(_ value: Any) throws(FastTemplate.Unsupported) {
            self.value = value
            switch try Value(value) {
            case .parent(let parent):
                self.parent = parent
            case .string, .bool, .int:
                parent = nil
            case .sequence:
                // Arrays and sets have no labelled children; other sequences (a `ReversedCollection`'s
                // `_base`) may.
                guard !Mirror(reflecting: value).children.contains(where: { $0.label != nil }) else {
                    throw FastTemplate.Unsupported()
                }
                parent = nil
            }
        }
    }

    /// A value as swift-mustache tells it apart, for the types the fast path supports.
    private enum Value {
        case string(String)
        case bool(Bool)
        case int(Int)
        case sequence(any MustacheSequence)
        case parent(any MustacheParent)

        init(_ value: Any) throws(FastTemplate.Unsupported) {
            // `String`, `Bool` and `Int` conform to none of swift-mustache's protocols (nothing in modelgen adds
            // one; `FastTemplateTests` checks), so their concrete casts come first.
            if let string = value as? String {
                self = .string(string)
            } else if let bool = value as? Bool {
                self = .bool(bool)
            } else if let int = value as? Int {
                self = .int(int)
            } else if value is MustacheLambda || value is MustacheTemplate || value is any MustacheCustomRenderable
                || value is any MustacheCustomRepresentation {
                throw FastTemplate.Unsupported()
            } else if let sequence = value as? any MustacheSequence {
                // swift-mustache would read the children of a sequence that is also a parent.
                guard !(value is any MustacheParent) else { throw FastTemplate.Unsupported() }
                self = .sequence(sequence)
            } else if let parent = value as? any MustacheParent {
                self = .parent(parent)
            } else {
                throw FastTemplate.Unsupported()
            }
        }
    }

    /// swift-mustache's `getChild`: `.` is the top of the stack; otherwise the first word is looked up from
    /// the top of the stack down, and the others in what it found.
    private func lookUp(_ name: FastTemplate.Name, in stack: [Frame]) throws(FastTemplate.Unsupported) -> Any? {
        guard !name.isCurrent else { return stack.last?.value }
        var found: Any?
        for frame in stack.reversed() {
            if let child = frame.parent?.child(named: name.path[0]) {
                found = child
                break
            }
        }
        for word in name.path.dropFirst() {
            guard let object = found else { return nil }
            switch try Value(object) {
            case .parent(let parent): found = parent.child(named: word)
            case .string, .bool, .int: return nil
            case .sequence: throw FastTemplate.Unsupported()
            }
        }
        return found
    }

    /// swift-mustache's `MustacheTemplate.render(context:)`: with an indentation, a token's output that
    /// starts a line (after this call's own output so far) is indented.
    private func render(
        _ tokens: [FastTemplate.Token], stack: inout [Frame], indentation: String?, into output: inout String
    ) throws(FastTemplate.Unsupported) {
        guard let indentation, !indentation.isEmpty else {
            for token in tokens { try render(token, stack: &stack, indentation: indentation, into: &output) }
            return
        }
        var own = ""
        for token in tokens {
            var rendered = ""
            try render(token, stack: &stack, indentation: indentation, into: &rendered)
            if !rendered.isEmpty, Self.endsWithNewline(own) { own += indentation }
            own += rendered
        }
        output += own
    }

    /// Whether the last `Character` of `text` is `"\n"` (a `"\r\n"` is one other character).
    private static func endsWithNewline(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.last == UInt8(ascii: "\n") else { return false }
        return utf8.count < 2 || utf8[utf8.index(utf8.endIndex, offsetBy: -2)] != UInt8(ascii: "\r")
    }

    private func render(
        _ token: FastTemplate.Token, stack: inout [Frame], indentation: String?, into output: inout String
    ) throws(FastTemplate.Unsupported) {
        switch token {
        case .text(let text):
            output += text
        case .variable(let name):
            guard let value = try lookUp(name, in: stack) else { return }
            switch try Value(value) {
            case .string(let string): output += string
            case .bool(let bool): output += bool ? "true" : "false"
            case .int(let int): output += String(int)
            case .sequence, .parent: throw FastTemplate.Unsupported()
            }
        case .section(let name, let inner):
            guard let value = try lookUp(name, in: stack) else { return }
            switch try Value(value) {
            case .bool(let bool):
                if bool { try render(inner, stack: &stack, indentation: indentation, into: &output) }
            case .sequence(let sequence):
                try renderEach(sequence, inner, stack: &stack, indentation: indentation, into: &output)
            case .string, .int, .parent:
                try render(inner, pushing: value, stack: &stack, indentation: indentation, into: &output)
            }
        case .invertedSection(let name, let inner):
            guard let value = try lookUp(name, in: stack) else {
                return try render(inner, stack: &stack, indentation: indentation, into: &output)
            }
            switch try Value(value) {
            case .bool(let bool):
                if !bool { try render(inner, stack: &stack, indentation: indentation, into: &output) }
            case .sequence(let sequence):
                if Self.isEmpty(sequence) { try render(inner, pushing: value, stack: &stack, indentation: indentation, into: &output) }
            case .string, .int, .parent:
                break
            }
        case .partial(let name, let partialIndentation):
            guard let template = templates[name] else {
                if allNames.contains(name) { throw FastTemplate.Unsupported() }
                return
            }
            let combined = partialIndentation.map { (indentation ?? "") + $0 } ?? indentation
            try render(template.tokens, stack: &stack, indentation: combined, into: &output)
        }
    }

    private func render(
        _ tokens: [FastTemplate.Token], pushing value: Any, stack: inout [Frame], indentation: String?, into output: inout String
    ) throws(FastTemplate.Unsupported) {
        stack.append(try Frame(value))
        defer { stack.removeLast() }
        try render(tokens, stack: &stack, indentation: indentation, into: &output)
    }

    /// A section over a sequence: the section once per element, each on top of the stack.
    private func renderEach(
        _ sequence: some MustacheSequence, _ tokens: [FastTemplate.Token], stack: inout [Frame], indentation: String?,
        into output: inout String
    ) throws(FastTemplate.Unsupported) {
        for element in sequence {
            try render(tokens, pushing: element, stack: &stack, indentation: indentation, into: &output)
        }
    }

    private static func isEmpty(_ sequence: some MustacheSequence) -> Bool {
        var iterator = sequence.makeIterator()
        return iterator.next() == nil
    }
}
