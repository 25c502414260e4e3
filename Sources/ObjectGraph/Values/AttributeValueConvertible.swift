import Foundation

/// A Swift type that generated code stores in an attribute property and converts to and from
/// ``AttributeValue`` when the runtime asks.
///
/// The runtime provides conformances for the standard attribute types and for `Optional` of them;
/// a `RawRepresentable` type (e.g. an enum chosen with the `swift.type` userInfo key) gets one by
/// declaring the conformance:
///
/// ```swift
/// enum Genre: String, AttributeValueConvertible { case rock, jazz }
/// ```
public protocol AttributeValueConvertible: Sendable {
    /// The value as an ``AttributeValue``.
    var attributeValue: AttributeValue { get }
    /// Converts back; `nil` when `attributeValue` does not fit this type.
    init?(attributeValue: AttributeValue)
    /// The value of the attribute at `index` of a store's `row`, read with the row's typed read of this
    /// type (such as ``StoredRow/string(at:)``); `nil` when the row has none for the value, and then the
    /// caller converts ``StoredRow/value(at:)`` with ``init(attributeValue:)``. The default returns `nil`.
    static func read(from row: any StoredRow, at index: Int) -> Self?
}

extension AttributeValueConvertible {
    /// `nil`: the caller converts ``StoredRow/value(at:)``.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? { nil }
}

/// An attribute type with an order, usable with `<`, `BETWEEN` and sorting in typed predicates.
public protocol OrderedAttributeValue: AttributeValueConvertible {}

/// A string attribute type (`String` or `String?`), usable with string predicates such as `contains`.
public protocol StringAttributeValue: AttributeValueConvertible {}

extension Optional: AttributeValueConvertible where Wrapped: AttributeValueConvertible {
    /// The wrapped value's ``AttributeValue``, or ``AttributeValue/null``.
    @inlinable public var attributeValue: AttributeValue { self?.attributeValue ?? .null }

    /// `nil` for ``AttributeValue/null``, otherwise the wrapped conversion.
    @inlinable public init?(attributeValue: AttributeValue) {
        if attributeValue.isNull {
            self = .none
        } else if let wrapped = Wrapped(attributeValue: attributeValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }

    /// The wrapped type's typed read, or `nil` wrapped for a null value (asked only when the typed read
    /// has no value: most values are not null).
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? {
        if let wrapped = Wrapped.read(from: row, at: index) { return .some(wrapped) }
        return row.isNull(at: index) ? .some(.none) : nil
    }
}

extension Optional: OrderedAttributeValue where Wrapped: OrderedAttributeValue {}
extension Optional: StringAttributeValue where Wrapped: StringAttributeValue {}

extension AttributeValueConvertible where Self: RawRepresentable, RawValue: AttributeValueConvertible {
    /// The raw value's ``AttributeValue``.
    @inlinable public var attributeValue: AttributeValue { rawValue.attributeValue }

    /// The case whose raw value converts from `attributeValue`.
    @inlinable public init?(attributeValue: AttributeValue) {
        guard let raw = RawValue(attributeValue: attributeValue) else { return nil }
        self.init(rawValue: raw)
    }

    /// The case whose raw value the raw type's typed read returns.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? {
        RawValue.read(from: row, at: index).flatMap(Self.init(rawValue:))
    }
}

extension AttributeValue {
    /// The value as an `Int64` when it is an integer, or a Boolean (0/1).
    @inlinable var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// The value as a `Double` when it is numeric.
    var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .integer(let value): Double(value)
        case .decimal(let value): NSDecimalNumber(decimal: value).doubleValue
        default: nil
        }
    }
}
