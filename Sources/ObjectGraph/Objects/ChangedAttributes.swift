/// The attributes of an object changed since it was loaded or last saved, each with its committed value:
/// the value it had before its first change, which is the store's value or the value last saved. An
/// attribute not listed is unchanged and its committed value is its current one, so loading and saving
/// keep no second copy of an object's values.
///
/// Iterates the changed attributes with their committed values, ascending by index. Most changed
/// objects change one attribute: that one is kept inline, and only a second one allocates.
struct ChangedAttributes: Sequence {
    /// The changed attribute when exactly one is.
    private var single: AttributeChange?
    /// The changed attributes, ascending by index, when two or more are.
    private var several: [AttributeChange] = []

    init() {}

    /// The attributes at `indices`, each with its committed value taken from `values` (in schema order).
    init(_ indices: some Sequence<Int>, committedValues values: SharedSlice<AttributeValue>) {
        for index in indices { insert(index) { values[index] } }
    }

    var isEmpty: Bool { single == nil && several.isEmpty }

    /// The changed attributes' indices, ascending.
    var indices: LazyMapSequence<Self, Int> { lazy.map(\.index) }

    func contains(_ index: Int) -> Bool {
        if let single { return single.index == index }
        return several.contains { $0.index == index }
    }

    /// The committed value of the attribute at `index`, or `nil` when it did not change.
    func committedValue(at index: Int) -> AttributeValue? {
        if let single { return single.index == index ? single.value : nil }
        return several.first { $0.index == index }?.value
    }

    /// Lists the attribute at `index` with the committed value `committedValue` gives, unless it is listed
    /// already (its first change captured it).
    mutating func insert(_ index: Int, committedValue: () -> AttributeValue) {
        if let first = single {
            guard first.index != index else { return }
            let added = AttributeChange(index: index, value: committedValue())
            several = first.index < index ? [first, added] : [added, first]
            single = nil
        } else if several.isEmpty {
            single = AttributeChange(index: index, value: committedValue())
        } else {
            var position = several.endIndex
            while position > several.startIndex, several[position - 1].index >= index {
                if several[position - 1].index == index { return }
                position -= 1
            }
            several.insert(AttributeChange(index: index, value: committedValue()), at: position)
        }
    }

    func makeIterator() -> Iterator {
        Iterator(single: single, several: several.makeIterator())
    }

    /// The single changed attribute, or else each of several.
    struct Iterator: IteratorProtocol {
        fileprivate var single: AttributeChange?
        fileprivate var several: IndexingIterator<[AttributeChange]>

        mutating func next() -> AttributeChange? {
            guard let first = single else { return several.next() }
            single = nil
            return first
        }
    }
}
