import Foundation

// The typed reads of the standard attribute types from a store's row (``StoredRow``): each returns
// what converting the row's ``StoredRow/value(at:)`` would, or `nil` to convert it.

extension String {
    /// ``StoredRow/string(at:)``.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? { row.string(at: index) }
}

extension Bool {
    /// ``StoredRow/bool(at:)``.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? { row.bool(at: index) }
}

extension IntegerAttributeValue {
    /// ``StoredRow/integer(at:)`` when it fits this type.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? {
        row.integer(at: index).flatMap { Self(exactly: $0) }
    }
}

extension Double {
    /// ``StoredRow/double(at:)``.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? { row.double(at: index) }
}

extension Float {
    /// ``StoredRow/double(at:)``, rounded.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? { row.double(at: index).map { Float($0) } }
}

extension Date {
    /// ``StoredRow/date(at:)``.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? { row.date(at: index) }
}

extension Data {
    /// ``StoredRow/data(at:)``.
    @inlinable public static func read(from row: any StoredRow, at index: Int) -> Self? { row.data(at: index) }
}
