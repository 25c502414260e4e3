import Foundation

extension String: StringAttributeValue, OrderedAttributeValue {
    /// ``AttributeValue/string(_:)``.
    @inlinable public var attributeValue: AttributeValue { .string(self) }
    /// Converts from ``AttributeValue/string(_:)``.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard case .string(let value) = attributeValue else { return nil }
        self = value
    }
}

extension Bool: AttributeValueConvertible {
    /// ``AttributeValue/bool(_:)``.
    @inlinable public var attributeValue: AttributeValue { .bool(self) }
    /// Converts from ``AttributeValue/bool(_:)`` or an integer 0/1.
    @inlinable public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .bool(let value): self = value
        case .integer(0): self = false
        case .integer(1): self = true
        default: return nil
        }
    }
}

/// The shared conversion of the fixed-width integer attribute types.
public protocol IntegerAttributeValue: OrderedAttributeValue, FixedWidthInteger {}

extension IntegerAttributeValue {
    /// ``AttributeValue/integer(_:)``.
    @inlinable public var attributeValue: AttributeValue { .integer(Int64(self)) }
    /// Converts from an integer that fits this type.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard let value = attributeValue.integerValue, let exact = Self(exactly: value) else { return nil }
        self = exact
    }
}

extension Int: IntegerAttributeValue {}
extension Int16: IntegerAttributeValue {}
extension Int32: IntegerAttributeValue {}
extension Int64: IntegerAttributeValue {}

extension Double: OrderedAttributeValue {
    /// ``AttributeValue/double(_:)``.
    @inlinable public var attributeValue: AttributeValue { .double(self) }
    /// Converts from a double or an integer.
    @inlinable public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .double(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: OrderedAttributeValue {
    /// ``AttributeValue/double(_:)``.
    @inlinable public var attributeValue: AttributeValue { .double(Double(self)) }
    /// Converts from a double or an integer.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard let value = Double(attributeValue: attributeValue) else { return nil }
        self = Float(value)
    }
}

extension Decimal: OrderedAttributeValue {
    /// ``AttributeValue/decimal(_:)``.
    @inlinable public var attributeValue: AttributeValue { .decimal(self) }
    /// Converts from a decimal, an integer or a double.
    @inlinable public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .decimal(let value): self = value
        case .integer(let value): self = Decimal(value)
        case .double(let value): self = Decimal(value)
        default: return nil
        }
    }
}

extension Date: OrderedAttributeValue {
    /// ``AttributeValue/date(_:)``.
    @inlinable public var attributeValue: AttributeValue { .date(self) }
    /// Converts from ``AttributeValue/date(_:)``.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard case .date(let value) = attributeValue else { return nil }
        self = value
    }
}

extension Data: AttributeValueConvertible {
    /// ``AttributeValue/data(_:)``.
    @inlinable public var attributeValue: AttributeValue { .data(self) }
    /// Converts from ``AttributeValue/data(_:)``.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard case .data(let value) = attributeValue else { return nil }
        self = value
    }
}

extension UUID: AttributeValueConvertible {
    /// ``AttributeValue/uuid(_:)``.
    @inlinable public var attributeValue: AttributeValue { .uuid(self) }
    /// Converts from ``AttributeValue/uuid(_:)``.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard case .uuid(let value) = attributeValue else { return nil }
        self = value
    }
}

extension URL: AttributeValueConvertible {
    /// ``AttributeValue/url(_:)``.
    @inlinable public var attributeValue: AttributeValue { .url(self) }
    /// Converts from ``AttributeValue/url(_:)``.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard case .url(let value) = attributeValue else { return nil }
        self = value
    }
}
