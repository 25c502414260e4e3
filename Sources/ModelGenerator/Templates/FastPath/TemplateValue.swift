/// A value as the fast path tells it apart, the way swift-mustache does by its dynamic type: text,
/// booleans and integers print; objects have fields; lists repeat sections.
enum TemplateValue {
    case string(String)
    case bool(Bool)
    case int(Int)
    case object(any TemplateObject)
    case list(any TemplateList)

    /// The value as swift-mustache reads it (`child(named:)` answers with it).
    var mustacheValue: Any {
        switch self {
        case .string(let string): string
        case .bool(let bool): bool
        case .int(let int): int
        case .object(let object): object.mustacheValue
        case .list(let list): list.mustacheValue
        }
    }
}

/// A value whose fields templates read: the view model's types answer by ``TemplateField`` in a `switch`.
protocol TemplateObject {
    /// The value of `field`, or nil when this object has no such field (or it is nil), so the lookup goes
    /// on down the context stack.
    func templateValue(_ field: TemplateField) -> TemplateValue?

    /// The value of `key`; by default its field's.
    func templateValue(for key: TemplateKey) throws(FastTemplate.Unsupported) -> TemplateValue?

    /// The object as swift-mustache reads it.
    var mustacheValue: Any { get }
}

extension TemplateObject {
    func templateValue(for key: TemplateKey) throws(FastTemplate.Unsupported) -> TemplateValue? {
        guard let field = key.field else { return nil }
        return templateValue(field)
    }

    var mustacheValue: Any { self }

    /// `MustacheParent.child(named:)` for swift-mustache: the field `name`, as swift-mustache reads it.
    func mustacheChild(named name: String) -> Any? {
        guard let field = TemplateField.byName[name] else { return nil }
        return templateValue(field)?.mustacheValue
    }
}

/// A list a section repeats over.
protocol TemplateList {
    /// The number of elements.
    var count: Int { get }
    /// The element at `index`.
    func element(at index: Int) throws(FastTemplate.Unsupported) -> TemplateValue
    /// The list as swift-mustache reads it.
    var mustacheValue: Any { get }
}

/// A type whose arrays are ``TemplateList``s.
protocol TemplateElement {
    /// The element of `array` at `index` as a template value.
    static func templateValue(in array: [Self], at index: Int) -> TemplateValue
}

extension Array: TemplateList where Element: TemplateElement {
    func element(at index: Int) -> TemplateValue { Element.templateValue(in: self, at: index) }

    var mustacheValue: Any { self }
}

extension String: TemplateElement {
    static func templateValue(in array: [String], at index: Int) -> TemplateValue { .string(array[index]) }
}

extension Array: TemplateElement where Element: TemplateElement {
    static func templateValue(in array: [[Element]], at index: Int) -> TemplateValue { .list(array[index]) }
}

/// An object that arrays hold: sections read its fields in place, for the array's element is not copied.
protocol TemplateObjectElement: TemplateObject, TemplateElement {
    /// The value of `field` of the element of `array` at `index`.
    static func templateValue(_ field: TemplateField, of array: [Self], at index: Int) -> TemplateValue?
}

extension TemplateObjectElement {
    // Specialized for each conforming type, so `array[index]` reads one field instead of copying the element,
    // as it does in code generic over the element.
    static func templateValue(_ field: TemplateField, of array: [Self], at index: Int) -> TemplateValue? {
        array[index].templateValue(field)
    }

    static func templateValue(in array: [Self], at index: Int) -> TemplateValue {
        .object(TemplateArrayElement(array: array, index: index))
    }
}

/// An element of an array of objects (two words, stored inline in the existential).
private struct TemplateArrayElement<Element: TemplateObjectElement>: TemplateObject {
    let array: [Element]
    let index: Int

    func templateValue(_ field: TemplateField) -> TemplateValue? { Element.templateValue(field, of: array, at: index) }

    var mustacheValue: Any { array[index] }
}
