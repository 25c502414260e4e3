/// The attributes of an object changed since it was loaded or last saved, each with its committed value:
/// the value it had before its first change, which is the store's value or the value last saved. An
/// attribute not listed is unchanged and its committed value is its current one, so loading and saving
/// keep no second copy of an object's values.
///
/// Iterates the changed indices in ascending order.
struct ChangedAttributes: Sequence {
    /// Ascending by index; usually one or two.
    private var entries: [AttributeChange] = []

    init() {}

    /// The attributes at `indices`, each with its committed value taken from `values` (in schema order).
    init(_ indices: some Sequence<Int>, committedValues values: SharedSlice<AttributeValue>) {
        for index in indices { insert(index) { values[index] } }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The changed attributes with their committed values, ascending by index.
    var committedValues: [AttributeChange] { entries }

    func contains(_ index: Int) -> Bool {
        entries.contains { $0.index == index }
    }

    /// The committed value of the attribute at `index`, or `nil` when it did not change.
    func committedValue(at index: Int) -> AttributeValue? {
        entries.first { $0.index == index }?.value
    }

    /// Lists the attribute at `index` with the committed value `committedValue` gives, unless it is listed
    /// already (its first change captured it).
    mutating func insert(_ index: Int, committedValue: () -> AttributeValue) {
        var position = entries.endIndex
        while position > entries.startIndex, entries[position - 1].index >= index {
            if entries[position - 1].index == index { return }
            position -= 1
        }
        entries.insert(AttributeChange(index: index, value: committedValue()), at: position)
    }

    func makeIterator() -> LazyMapSequence<[AttributeChange], Int>.Iterator {
        entries.lazy.map(\.index).makeIterator()
    }
}
