/// The attributes of an object changed since it was loaded or last saved, each with its committed value:
/// the value it had before its first change, which is the store's value or the value last saved. An
/// attribute not listed is unchanged and its committed value is its current one, so loading and saving
/// keep no second copy of an object's values.
///
/// Iterates the changed attributes with their committed values, ascending by index. The indices are a
/// bit mask, so the checks on every change and save read no value; most changed objects change one
/// attribute, whose committed value is kept inline: only a second one allocates.
struct ChangedAttributes: Sequence {
    /// The changed attributes.
    private(set) var indices = AttributeIndexSet()
    /// The committed value of the lowest changed attribute (`null` when none changed).
    private var lowest: AttributeValue = .null
    /// The committed values of the others, in ascending order of their indices.
    private var others: [AttributeValue] = []

    init() {}

    /// The attributes at `indices`, each with its committed value taken from `values` (in schema order).
    init(_ indices: some Sequence<Int>, committedValues values: SharedSlice<AttributeValue>) {
        for index in indices { insert(index) { values[index] } }
    }

    @inline(__always) var isEmpty: Bool { indices.isEmpty }

    @inline(__always) func contains(_ index: Int) -> Bool { indices.contains(index) }

    /// The committed value of the attribute at `index`, or `nil` when it did not change.
    func committedValue(at index: Int) -> AttributeValue? {
        guard indices.contains(index) else { return nil }
        return value(atRank: indices.rank(of: index))
    }

    /// Lists the attribute at `index` with the committed value `committedValue` gives, unless it is listed
    /// already (its first change captured it). The first changed attribute of an object, the common case,
    /// becomes the inline one without ranking or shifting.
    @inline(__always)
    mutating func insert(_ index: Int, committedValue: () -> AttributeValue) {
        guard !indices.contains(index) else { return }
        guard indices.isEmpty else { return insertNew(index, committedValue: committedValue()) }
        lowest = committedValue()
        indices.insert(index)
    }

    private mutating func insertNew(_ index: Int, committedValue: AttributeValue) {
        let rank = indices.rank(of: index)
        if rank > 0 {
            others.insert(committedValue, at: rank - 1)
        } else {
            if !indices.isEmpty { others.insert(lowest, at: 0) }
            lowest = committedValue
        }
        indices.insert(index)
    }

    private func value(atRank rank: Int) -> AttributeValue {
        rank == 0 ? lowest : others[rank - 1]
    }

    /// Calls `body` with each changed attribute's index and committed value, ascending by index, reading
    /// the values in place (iterating copies them). One changed attribute, the common case, is read
    /// without an iterator.
    @inline(__always)
    func forEach(_ body: (Int, borrowing AttributeValue) throws -> Void) rethrows {
        if let index = indices.onlyIndex { return try body(index, lowest) }
        var rank = 0
        for index in indices {
            try body(index, rank == 0 ? lowest : others[rank - 1])
            rank += 1
        }
    }

    func makeIterator() -> Iterator {
        Iterator(indices: indices.makeIterator(), lowest: lowest, others: others)
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
