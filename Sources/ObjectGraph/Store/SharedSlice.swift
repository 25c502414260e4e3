/// A run of elements, indexed from zero, whose storage other slices may share until one of them changes.
///
/// A store reading many rows packs the values of a batch of rows into one array and hands each
/// ``Snapshot`` a slice of it, so that a fetch allocates per batch, not per row, and objects sharing
/// their committed to-one IDs only retain the batch. Build one from an array (no copy) or with an
/// array literal; setting an element copies the slice's own elements first:
///
/// ```swift
/// let values: SharedSlice<AttributeValue> = [.string("Low"), .integer(1993)]
/// let batch: [AttributeValue] = [.string("Low"), .integer(1993), .string("Hum"), .integer(1991)]
/// let second = SharedSlice(batch, range: 2..<4)   // [.string("Hum"), .integer(1991)]
/// second[0]                                        // .string("Hum")
/// ```
public struct SharedSlice<Element> {
    @usableFromInline var storage: [Element]
    @usableFromInline var offset: Int
    /// The number of elements.
    public let count: Int

    /// The elements of `storage` in `range`, sharing its storage.
    @inlinable public init(_ storage: [Element], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "range \(range) is outside the storage")
        self.storage = storage
        offset = range.lowerBound
        count = range.count
    }

    /// All elements of `elements`, sharing its storage.
    @inlinable public init(_ elements: [Element]) {
        self.init(elements, range: elements.indices)
    }
}

extension SharedSlice: RandomAccessCollection, MutableCollection {
    /// Always 0.
    @inlinable public var startIndex: Int { 0 }
    /// ``count``.
    @inlinable public var endIndex: Int { count }

    /// The element at `position` (from 0). Setting one first gives the slice storage of its own, so
    /// other slices of the batch keep their values.
    @inlinable public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "index \(position) is out of range 0..<\(count)")
            return storage[offset + position]
        }
        set {
            precondition(position >= 0 && position < count, "index \(position) is out of range 0..<\(count)")
            takeOwnStorage()
            storage[position] = newValue
        }
    }

    /// Makes the slice's elements the whole of `storage`, copying them out of a larger shared array.
    @inlinable mutating func takeOwnStorage() {
        if offset != 0 || count != storage.count {
            storage = Array(storage[offset..<offset + count])
            offset = 0
        }
    }
}

extension SharedSlice {
    /// Whether this slice and `other` are the same elements of the same storage, so that neither was
    /// set since one was copied from the other (setting an element of a shared storage copies it first).
    @inlinable func sharesElements(with other: Self) -> Bool {
        offset == other.offset && count == other.count
            && storage.withUnsafeBufferPointer { mine in
                other.storage.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
            }
    }

    /// Changes the element at `position` in place (no copy of the element, so an array inside it that
    /// `body` takes out and puts back changes without a copy), first giving the slice storage of its own.
    mutating func update(at position: Int, _ body: (inout Element) -> Void) {
        precondition(position >= 0 && position < count, "index \(position) is out of range 0..<\(count)")
        takeOwnStorage()
        body(&storage[position])
    }
}

extension SharedSlice: ExpressibleByArrayLiteral {
    /// A slice of a new array of `elements`.
    @inlinable public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension SharedSlice: Sendable where Element: Sendable {}

extension SharedSlice: Equatable where Element: Equatable {
    /// Equal when the elements are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension SharedSlice: Hashable where Element: Hashable {
    /// Hashes the elements, as an array would.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension SharedSlice: Codable where Element: Codable {
    /// Decodes an array.
    public init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }

    /// Encodes the elements as an array.
    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}

extension SharedSlice: CustomStringConvertible {
    /// The elements as an array would print them.
    public var description: String { Array(self).description }
}
