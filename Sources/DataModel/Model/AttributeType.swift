/// The `attributeType` of an attribute, spelled as Xcode writes it.
public enum AttributeType: String, Sendable, Equatable, Codable, CaseIterable {
    /// `String`.
    case string = "String"
    /// `Integer 16`.
    case integer16 = "Integer 16"
    /// `Integer 32`.
    case integer32 = "Integer 32"
    /// `Integer 64`.
    case integer64 = "Integer 64"
    /// `Decimal` (NSDecimalNumber).
    case decimal = "Decimal"
    /// `Double`.
    case double = "Double"
    /// `Float`.
    case float = "Float"
    /// `Boolean`.
    case boolean = "Boolean"
    /// `Date`.
    case date = "Date"
    /// `Binary` (Data).
    case binary = "Binary"
    /// `UUID`.
    case uuid = "UUID"
    /// `URI` (URL).
    case uri = "URI"
    /// `Transformable`: a value stored through a value transformer.
    case transformable = "Transformable"
    /// `Composite`: a named group of attributes defined by a model-level `<composite>`.
    case composite = "Composite"
    /// `ObjectID`: exists in Core Data's API; the model editor cannot write it.
    case objectID = "ObjectID"
    /// Undefined: written as an `<attribute>` with no `attributeType` at all. Only legal on
    /// transient attributes.
    case undefined = "Undefined"

    /// Whether the type is one of the integer types.
    public var isInteger: Bool {
        self == .integer16 || self == .integer32 || self == .integer64
    }

    /// Whether the type is a number (integer, floating point or decimal).
    public var isNumeric: Bool {
        isInteger || self == .double || self == .float || self == .decimal
    }
}
