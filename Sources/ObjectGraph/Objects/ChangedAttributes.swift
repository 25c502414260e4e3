/// The attributes of an object changed since it was loaded or last saved, each with its committed value:
/// the value it had before its first change, which is the store's value or the value last saved. An
/// attribute not listed is unchanged and its committed value is its current one, so loading and saving
/// keep no second copy of an object's values.
///
/// Iterates the changed attributes with their committed values, ascending by index. The indices below 64
/// are a bit mask, so the checks on every change and save read no value; most changed objects change one
/// attribute, whose committed value is kept inline. Everything else (a second changed attribute, an index
/// from 64 on) lives in one box that only those objects allocate, so copying or dropping the changes of an
/// object with one changed attribute retains and releases nothing but its value.
struct ChangedAttributes: Sequence {
    /// The changed attributes below 64, a bit each.
    private var low: UInt64 = 0
    /// The committed value of the lowest changed attribute (`null` when none changed).
    private var lowest: AttributeValue = .null
    /// The changed attributes from 64 on and the committed values after the lowest, when there are any.
    private var overflow: Overflow?

    /// What a second changed attribute, or one from index 64 on, needs; shared between copies until one of
    /// them changes.
    private final class Overflow {
        /// The changed attributes from 64 on.
        var high: Set<Int>
        /// The committed values of the changed attributes after the lowest, in ascending order of index.
        var others: [AttributeValue]

        init(high: Set<Int> = [], others: [AttributeValue] = []) {
            (self.high, self.others) = (high, others)
        }
    }

    init() {}

    /// The attributes at `indices`, each with its committed value taken from `values` (in schema order).
    init(_ indices: some Sequence<Int>, committedValues values: SharedSlice<AttributeValue>) {
        for index in indices { insert(index) { values[index] } }
    }

    /// The changed attributes.
    var indices: AttributeIndexSet {
        AttributeIndexSet(low: low, high: overflow?.high ?? [])
    }

    @inline(__always) var isEmpty: Bool { low == 0 && !hasHighIndices }

    @inline(__always) private var hasHighIndices: Bool {
        guard let overflow else { return false }
        return !overflow.high.isEmpty
    }

    @inline(__always) func contains(_ index: Int) -> Bool {
        (0..<64).contains(index) ? low & (1 << UInt64(index)) != 0 : overflow?.high.contains(index) ?? false
    }

    /// The only changed attribute when exactly one below 64 changed, otherwise `nil`.
    @inline(__always) var onlyIndex: Int? {
        low != 0 && low & (low &- 1) == 0 && !hasHighIndices ? low.trailingZeroBitCount : nil
    }

    /// Whether `value` is bit for bit the committed value of the lowest changed attribute (the only one,
    /// when ``onlyIndex`` names it), compared where it is kept.
    @inline(__always) func lowestIsIdentical(to value: AttributeValue) -> Bool {
        lowest.isIdentical(to: value)
    }

    /// The committed value of the attribute at `index`, or `nil` when it did not change.
    func committedValue(at index: Int) -> AttributeValue? {
        guard contains(index) else { return nil }
        return value(atRank: rank(of: index))
    }

    /// Lists the attribute at `index` with the committed value `committedValue` gives, unless it is listed
    /// already (its first change captured it). The first changed attribute of an object below 64, the
    /// common case, becomes the inline one without ranking, shifting or allocating.
    @inline(__always)
    mutating func insert(_ index: Int, committedValue: () -> AttributeValue) {
        guard !contains(index) else { return }
        guard isEmpty, (0..<64).contains(index) else { return insertNew(index, committedValue: committedValue()) }
        lowest = committedValue()
        low |= 1 << UInt64(index)
    }

    private mutating func insertNew(_ index: Int, committedValue: AttributeValue) {
        let rank = rank(of: index)
        let wasEmpty = isEmpty
        let overflow = uniqueOverflow()
        if rank > 0 {
            overflow.others.insert(committedValue, at: rank - 1)
        } else {
            if !wasEmpty { overflow.others.insert(lowest, at: 0) }
            lowest = committedValue
        }
        if (0..<64).contains(index) { low |= 1 << UInt64(index) } else { overflow.high.insert(index) }
    }

    /// The box, made or copied first unless this value alone holds it.
    private mutating func uniqueOverflow() -> Overflow {
        if isKnownUniquelyReferenced(&overflow), let overflow { return overflow }
        let copy = Overflow(high: overflow?.high ?? [], others: overflow?.others ?? [])
        overflow = copy
        return copy
    }

    /// How many changed attributes are below `index`.
    private func rank(of index: Int) -> Int {
        guard (0..<64).contains(index) else {
            return low.nonzeroBitCount + (overflow?.high.count { $0 < index } ?? 0)
        }
        return (low & ((1 << UInt64(index)) - 1)).nonzeroBitCount
    }

    private func value(atRank rank: Int) -> AttributeValue {
        rank == 0 ? lowest : overflow!.others[rank - 1]
    }

    /// Calls `body` with each changed attribute's index and committed value, ascending by index, reading
    /// the values in place (iterating copies them). One changed attribute, the common case, is read
    /// without an iterator.
    @inline(__always)
    func forEach(_ body: (Int, borrowing AttributeValue) throws -> Void) rethrows {
        if let index = onlyIndex { return try body(index, lowest) }
        var rank = 0
        for index in indices {
            try body(index, value(atRank: rank))
            rank += 1
        }
    }

    func makeIterator() -> Iterator {
        Iterator(indices: indices.makeIterator(), lowest: lowest, others: overflow?.others ?? [])
    }

    /// The changed attributes with their committed values, ascending by index.
    struct Iterator: IteratorProtocol {
        fileprivate var indices: AttributeIndexSet.Iterator
        fileprivate let lowest: AttributeValue
        fileprivate let others: [AttributeValue]
        private var rank = 0

        fileprivate init(indices: AttributeIndexSet.Iterator, lowest: AttributeValue, others: [AttributeValue]) {
            (self.indices, self.lowest, self.others) = (indices, lowest, others)
        }

        mutating func next() -> AttributeChange? {
            guard let index = indices.next() else { return nil }
            defer { rank += 1 }
            return AttributeChange(index: index, value: rank == 0 ? lowest : others[rank - 1])
        }
    }
}
