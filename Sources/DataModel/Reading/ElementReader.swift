/// Reads the XML attributes of one element, remembers which ones it used, and reports the
/// rest as unknown. Values that cannot be read are warnings, never fatal.
struct ElementReader {
    private let node: XMLElementNode
    /// Per attribute of `node`, in order: whether a read asked for it.
    private var used: [Bool]

    init(_ node: XMLElementNode) {
        self.node = node
        self.used = Array(repeating: false, count: node.attributes.count)
    }

    /// Where the element starts.
    var location: SourceLocation { node.location }

    /// The element name, for messages.
    var elementName: String { node.name }

    /// The value of attribute `name`, as written.
    mutating func string(_ name: String) -> String? {
        // Lengths first: most names differ in length, which is cheaper to compare than their text.
        let length = name.utf8.count
        guard let index = node.attributes.firstIndex(where: { $0.name.utf8.count == length && $0.name == name }) else { return nil }
        used[index] = true
        return node.attributes[index].value
    }

    /// The value of attribute `name`, or `nil` when it is missing or empty.
    mutating func nonEmptyString(_ name: String) -> String? {
        guard let value = string(name), !value.isEmpty else { return nil }
        return value
    }

    /// A required name-like attribute; an error when missing or empty.
    mutating func requiredString(_ name: String, log: inout DiagnosticLog) -> String {
        guard let value = nonEmptyString(name) else {
            log.error("<\(elementName)> has no '\(name)' attribute", at: location)
            return ""
        }
        return value
    }

    /// A Boolean attribute: missing means `false`; `YES`/`true`/`1` and `NO`/`false`/`0` are read.
    mutating func flag(_ name: String, log: inout DiagnosticLog) -> Bool {
        guard let value = string(name) else { return false }
        guard let flag = ValueParsing.boolean(value) else {
            log.warning("'\(name)' of <\(elementName)> has the value '\(value)', which is not a Boolean; read as NO", at: location)
            return false
        }
        return flag
    }

    /// An integer attribute; `nil` when missing or not an integer (then with a warning).
    mutating func integer(_ name: String, log: inout DiagnosticLog) -> Int? {
        guard let value = string(name) else { return nil }
        guard let number = Int(value) else {
            log.warning("'\(name)' of <\(elementName)> has the value '\(value)', which is not an integer; ignored", at: location)
            return nil
        }
        return number
    }

    /// A floating-point attribute; `nil` when missing or not a number (then with a warning).
    mutating func real(_ name: String, log: inout DiagnosticLog) -> Double? {
        guard let value = string(name) else { return nil }
        guard let number = ValueParsing.real(value) else {
            log.warning("'\(name)' of <\(elementName)> has the value '\(value)', which is not a number; ignored", at: location)
            return nil
        }
        return number
    }

    /// Marks attributes that are known but carry no meaning for code generation (`syncable`).
    mutating func ignore(_ names: String...) {
        for name in names { _ = string(name) }
    }

    /// The attributes nobody asked for, each reported as a warning.
    func unknownAttributes(log: inout DiagnosticLog) -> [String: String] {
        var unknown: [String: String] = [:]
        for (attribute, used) in zip(node.attributes, used) where !used {
            unknown[attribute.name] = attribute.value
            log.warning("unknown attribute '\(attribute.name)' on <\(elementName)> is kept but not used", at: location)
        }
        return unknown
    }
}
