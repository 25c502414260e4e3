/// The changed attribute indices of a ``ChangedAttributes``, iterated in ascending order: the bit mask of
/// the first 64 indices, then any beyond. ``ChangedAttributes`` keeps and updates the mask and the set
/// itself; this is their read-only view for iterating and for rebuilding a list.
struct AttributeIndexSet: Sequence {
    private let low: UInt64
    private let high: Set<Int>

    /// The indices below 64 that the bits of `low` name, and `high`, whose indices are 64 or more.
    init(low: UInt64, high: Set<Int>) {
        (self.low, self.high) = (low, high)
    }

    func makeIterator() -> Iterator {
        // Sorting even an empty set costs a call per object of a large save; most entities have under 64 attributes.
        Iterator(low: low, high: (high.isEmpty ? [] : high.sorted()).makeIterator())
    }

    /// The indices of the bit mask, lowest first, then the others in ascending order.
    struct Iterator: IteratorProtocol {
        var low: UInt64
        var high: IndexingIterator<[Int]>

        mutating func next() -> Int? {
            guard low != 0 else { return high.next() }
            let index = low.trailingZeroBitCount
            low &= low - 1
            return index
        }
    }
}
