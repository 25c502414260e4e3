/// Which properties of one object changed: attribute indices into its entity's
/// ``EntityDescription/attributes`` and to-one relationship indices into its
/// ``EntityDescription/relationships``, each ascending and without repeats.
///
/// ```swift
/// var properties = ChangedProperties(attributes: [2], toOnes: [])
/// properties.formUnion(ChangedProperties(attributes: [0, 2], toOnes: [1]))
/// properties.attributes   // [0, 2]
/// properties.toOnes       // [1]
/// ```
public struct ChangedProperties: Sendable, Hashable {
    /// Indices of changed attributes, ascending.
    public private(set) var attributes: [Int]
    /// Relationship indices of changed to-ones, ascending.
    public private(set) var toOnes: [Int]

    /// Creates a value from indices in any order; repeats are dropped.
    public init(attributes: [Int] = [], toOnes: [Int] = []) {
        self.attributes = Self.normalized(attributes)
        self.toOnes = Self.normalized(toOnes)
    }

    /// Whether no property changed.
    public var isEmpty: Bool { attributes.isEmpty && toOnes.isEmpty }

    /// Adds the properties `other` lists.
    public mutating func formUnion(_ other: ChangedProperties) {
        if other.attributes != attributes { attributes = Self.normalized(attributes + other.attributes) }
        if other.toOnes != toOnes { toOnes = Self.normalized(toOnes + other.toOnes) }
    }

    private static func normalized(_ indices: [Int]) -> [Int] {
        var sorted = indices.sorted()
        var previous: Int?
        sorted.removeAll { index in
            defer { previous = index }
            return index == previous
        }
        return sorted
    }
}
