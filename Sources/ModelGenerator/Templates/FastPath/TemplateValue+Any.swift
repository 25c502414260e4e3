import Mustache

extension TemplateValue {
    /// Any other value swift-mustache can read, told apart by its dynamic type as swift-mustache does, for
    /// the types the fast path supports: `String`, `Bool`, `Int`, ``TemplateObject``, `MustacheParent` and
    /// `MustacheSequence` (`FastTemplateTests` renders dictionaries and arrays through this).
    ///
    /// - Throws: ``FastTemplate/Unsupported`` for anything else: lambdas, templates, custom renderables and
    ///   representations, sequences that are also parents or have labelled children (swift-mustache would
    ///   read those through `Mirror`), and other types swift-mustache reads through `Mirror`.
    init(any value: Any) throws(FastTemplate.Unsupported) {
        // `String`, `Bool` and `Int` conform to none of swift-mustache's protocols (nothing in modelgen adds
        // one; `FastTemplateTests` checks), so their concrete casts come first.
        if let string = value as? String {
            self = .string(string)
        } else if let bool = value as? Bool {
            self = .bool(bool)
        } else if let int = value as? Int {
            self = .int(int)
        } else if let object = value as? any TemplateObject {
            self = .object(object)
        } else if value is MustacheLambda || value is MustacheTemplate || value is any MustacheCustomRenderable
            || value is any MustacheCustomRepresentation {
            throw FastTemplate.Unsupported()
        } else if let sequence = value as? any MustacheSequence {
            // swift-mustache would read the children of a sequence that is also a parent, and arrays and
            // sets have no labelled children where other sequences (a `ReversedCollection`'s `_base`) may.
            guard !(value is any MustacheParent), !Mirror(reflecting: value).children.contains(where: { $0.label != nil }) else {
                throw FastTemplate.Unsupported()
            }
            self = .list(MustacheSequenceList(sequence))
        } else if let parent = value as? any MustacheParent {
            self = .object(MustacheParentObject(parent: parent))
        } else {
            throw FastTemplate.Unsupported()
        }
    }
}

/// A `MustacheParent` that is not one of the view model's types, read by name.
private struct MustacheParentObject: TemplateObject {
    let parent: any MustacheParent

    func templateValue(_ field: TemplateField) -> TemplateValue? { nil }

    func templateValue(for key: TemplateKey) throws(FastTemplate.Unsupported) -> TemplateValue? {
        try parent.child(named: key.name).map { value throws(FastTemplate.Unsupported) in try TemplateValue(any: value) }
    }

    var mustacheValue: Any { parent }
}

/// A `MustacheSequence` other than an array of the view model's values.
private struct MustacheSequenceList: TemplateList {
    let elements: [Any]
    let mustacheValue: Any

    init(_ sequence: some MustacheSequence) {
        elements = sequence.map { $0 as Any }
        mustacheValue = sequence
    }

    var count: Int { elements.count }

    func element(at index: Int) throws(FastTemplate.Unsupported) -> TemplateValue { try TemplateValue(any: elements[index]) }
}
