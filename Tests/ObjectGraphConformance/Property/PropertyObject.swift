import ObjectGraph

/// The class of every object in the in-process property round trips: a ``ManagedObject`` that keeps
/// its attribute values in an array by index, for models known only at run time
/// (``ManagedObjectModel/init(schema:objectClass:)``). It accepts only the ``AttributeValue`` case the
/// attribute's type travels as (and `null` for optional attributes), so a store that returns another
/// case fails the round trip instead of being converted silently.
public final class PropertyObject: ManagedObject, ManagedEntity {
    /// A placeholder: the model gives each object its concrete entity.
    public static let entity = EntityDescription(name: "PropertyObject")

    /// No typed fields: property round trips address attributes by index.
    public struct Fields: FieldSet {
        /// The class the fields describe.
        public typealias Object = PropertyObject
        /// The path from the fetched entity.
        public let keyPathPrefix: [String]
        /// Creates the fields reached through `prefix`.
        public init(prefix: [String]) { keyPathPrefix = prefix }
    }

    private var values: [AttributeValue]

    /// A new object whose attributes hold their defaults (`null` for optional ones without).
    public required init(entity: EntityDescription) {
        values = entity.attributes.map { Self.initialValue(of: $0) ?? RandomValues.zero(of: $0.type) }
        super.init(entity: entity)
    }

    /// The value at `index`.
    public override func attributeValue(at index: Int) -> AttributeValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// Sets the value at `index` when its case fits the attribute's type.
    public override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
        guard entity.attributes.indices.contains(index) else {
            throw ObjectGraphError.unknownProperty(entity: entity.name, property: "#\(index)")
        }
        let attribute = entity.attributes[index]
        guard value.isNull ? attribute.isOptional : Self.travelsAs(attribute.type, value) else {
            throw ObjectGraphError.typeMismatch(entity: entity.name, attribute: attribute.name, expected: attribute.type, value: value)
        }
        willChange(attributeAt: index)
        values[index] = value
    }

    /// Whether `value` is the case values of `type` travel as.
    static func travelsAs(_ type: AttributeType, _ value: AttributeValue) -> Bool {
        switch (type, value) {
        case (.string, .string), (.integer16, .integer), (.integer32, .integer), (.integer64, .integer),
             (.decimal, .decimal), (.double, .double), (.float, .double), (.boolean, .bool), (.date, .date),
             (.binary, .data), (.uuid, .uuid), (.uri, .url), (.transformable, .data), (.composite, .data):
            true
        default:
            false
        }
    }

    /// The value a new object's attribute starts with, in this class and in generated ones: the model's
    /// default (as a `Float` holds it, for a float attribute), `null` for an optional attribute without
    /// one; `nil` when the class chooses (a required attribute without a default starts at a zero value).
    public static func initialValue(of attribute: AttributeDescription) -> AttributeValue? {
        switch attribute.defaultValue {
        case .double(let number)? where attribute.type == .float: .double(Double(Float(number)))
        case let value?: value
        case nil: attribute.isOptional ? .null : nil
        }
    }
}
