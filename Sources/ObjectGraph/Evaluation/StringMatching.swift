import Foundation

/// A string operator with its pattern prepared once (folded, or compiled to a regular expression).
struct StringMatcher {
    private let op: StringOperator
    private let options: StringOptions
    private let pattern: [Unicode.Scalar]
    private let regex: NSRegularExpression?

    init(_ op: StringOperator, pattern: String, options: StringOptions) throws {
        self.op = op
        // A regular expression folds case itself; folding its pattern would change escapes like `\D`.
        self.options = op == .matches ? options.subtracting(.caseInsensitive) : options
        let folded = pattern.folded(self.options)
        self.pattern = Array(folded.unicodeScalars)
        if op == .matches {
            do {
                let regexOptions: NSRegularExpression.Options = options.contains(.caseInsensitive) ? .caseInsensitive : []
                regex = try NSRegularExpression(pattern: "^(?:\(folded))$", options: regexOptions)
            } catch {
                throw ObjectGraphError.unsupportedExpression("the regular expression /\(pattern)/")
            }
        } else {
            regex = nil
        }
    }

    func matches(_ value: AttributeValue) -> Bool {
        guard case .string(let raw) = value else { return false }
        let string = raw.folded(options)
        let scalars = Array(string.unicodeScalars)
        switch op {
        case .contains:
            return pattern.isEmpty || scalars.firstRange(of: pattern) != nil
        case .beginsWith:
            return scalars.starts(with: pattern)
        case .endsWith:
            return scalars.reversed().starts(with: pattern.reversed())
        case .like:
            return Self.wildcardMatch(scalars, pattern)
        case .matches:
            return regex?.matchesWhole(string) ?? false
        }
    }

    /// `*` matches any run of scalars, `?` exactly one; linear backtracking on the last `*`.
    static func wildcardMatch(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        var t = 0, p = 0
        var starP = -1, starT = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                t += 1
                p += 1
            } else if p < pattern.count, pattern[p] == "*" {
                starP = p
                starT = t
                p += 1
            } else if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
