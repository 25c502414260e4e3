import Foundation

/// One stored row of an object as a store reads it, for decoding straight into the typed properties of
/// a generated class (`ManagedObject.loadAttributes(from row:)`) without making
/// ``AttributeValue``s: its attributes by index in the concrete entity's
/// ``EntityDescription/attributes``, and its to-one destinations by slot in
/// ``EntityDescription/toOneRelationshipIndices``.
///
/// ``value(at:)`` is the whole contract: the value a ``Snapshot`` of the row would hold. The typed reads
/// are shortcuts a store offers where they are cheap: each returns the attribute's value only when the
/// attribute stores that kind of value (`integer(at:)` for an integer attribute, `string(at:)` for a
/// string one, …) and it is not null, exactly what converting ``value(at:)`` would give, and `nil`
/// otherwise, which sends the caller to ``value(at:)`` (so that a value that does not fit its property
/// fails with the same typed error either way). Their default implementations return `nil`.
///
/// A class, so that a store reading many rows moves one row object from row to row and the generated
/// code calls it without boxing it:
///
/// ```swift
/// final class ValuesRow: StoredRow {
///     var values: [AttributeValue] = []
///     var toOnes: [AnyObjectID?] = []
///     func value(at index: Int) -> AttributeValue { values[index] }
///     func isNull(at index: Int) -> Bool { values[index].isNull }
///     func toOneID(at slot: Int) -> AnyObjectID? { toOnes[slot] }
/// }
/// ```
public protocol StoredRow: AnyObject {
    /// The attribute's value as a ``Snapshot`` of the row would hold it (``AttributeValue/null`` for a
    /// transient attribute).
    /// - Throws: when the stored bytes are not a value of the attribute's type (e.g. a malformed UUID).
    func value(at index: Int) throws -> AttributeValue
    /// Whether the attribute's value is ``AttributeValue/null``.
    func isNull(at index: Int) -> Bool
    /// The destination ID of the to-one at `slot` of the entity's to-one relationships, `nil` for none.
    func toOneID(at slot: Int) -> AnyObjectID?
    /// The value of a string attribute; `nil` for null or another type.
    func string(at index: Int) -> String?
    /// The value of an integer attribute (16, 32 or 64 bits); `nil` for null or another type.
    func integer(at index: Int) -> Int64?
    /// The value of a double or float attribute; `nil` for null or another type.
    func double(at index: Int) -> Double?
    /// The value of a Boolean attribute; `nil` for null or another type.
    func bool(at index: Int) -> Bool?
    /// The value of a date attribute; `nil` for null or another type.
    func date(at index: Int) -> Date?
    /// The bytes of a binary (or transformable, composite, undefined) attribute; `nil` for null or
    /// another type.
    func data(at index: Int) -> Data?
}

extension StoredRow {
    /// `nil`: read ``value(at:)``.
    public func string(at index: Int) -> String? { nil }
    /// `nil`: read ``value(at:)``.
    public func integer(at index: Int) -> Int64? { nil }
    /// `nil`: read ``value(at:)``.
    public func double(at index: Int) -> Double? { nil }
    /// `nil`: read ``value(at:)``.
    public func bool(at index: Int) -> Bool? { nil }
    /// `nil`: read ``value(at:)``.
    public func date(at index: Int) -> Date? { nil }
    /// `nil`: read ``value(at:)``.
    public func data(at index: Int) -> Data? { nil }
}
