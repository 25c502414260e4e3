/// A set of attribute indices, iterated in ascending order: a bit mask for the first 64 indices (no
/// allocation when an object's first attribute changes), a `Set` for any beyond.
struct AttributeIndexSet: Sequence, ExpressibleByArrayLiteral {
    private var low: UInt64 = 0
    private var high: Set<Int> = []

    init() {}

    init(arrayLiteral indices: Int...) {
        self.init(indices)
    }

    init(_ indices: some Sequence<Int>) {
        for index in indices { insert(index) }
    }

    /// The indices below 64 that the bits of `low` name, and `high`, whose indices are 64 or more.
    init(low: UInt64, high: Set<Int>) {
        (self.low, self.high) = (low, high)
    }

    @inline(__always) var isEmpty: Bool { low == 0 && high.isEmpty }

    var count: Int { low.nonzeroBitCount + high.count }

    /// The set's index when it holds exactly one below 64, otherwise `nil`.
    @inline(__always) var onlyIndex: Int? {
        low != 0 && low & (low &- 1) == 0 && high.isEmpty ? low.trailingZeroBitCount : nil
    }

    @inline(__always) func contains(_ index: Int) -> Bool {
        (0..<64).contains(index) ? low & (1 << UInt64(index)) != 0 : high.contains(index)
    }

    /// How many indices of the set are below `index`.
    @inline(__always) func rank(of index: Int) -> Int {
        guard (0..<64).contains(index) else { return low.nonzeroBitCount + high.count { $0 < index } }
        return (low & ((1 << UInt64(index)) - 1)).nonzeroBitCount
    }

    @inline(__always) mutating func insert(_ index: Int) {
        if (0..<64).contains(index) { low |= 1 << UInt64(index) } else { high.insert(index) }
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
