#if PostgreSQL
@testable import ObjectGraphPostgres
import Testing

/// A save's deletes and update groups come in key order (`TableChanges.byTable`): rows already in key
/// order are kept as they are, others sorted.
@Suite struct KeyOrderTests {
    @Test func rowsOutOfKeyOrderAreSortedAndRowsInOrderKept() {
        var shuffled: [(key: Int64, name: String)] = [(3, "c"), (1, "a"), (2, "b"), (1, "a2")]
        shuffled.sortByKey(\.key)
        #expect(shuffled.map(\.key) == [1, 1, 2, 3])
        var ordered: [(key: Int64, name: String)] = [(1, "a"), (1, "a2"), (5, "e")]
        ordered.sortByKey(\.key)
        #expect(ordered.map(\.name) == ["a", "a2", "e"])
        var lastOutOfOrder: [(key: Int64, name: String)] = [(1, "a"), (2, "b"), (0, "z")]
        lastOutOfOrder.sortByKey(\.key)
        #expect(lastOutOfOrder.map(\.key) == [0, 1, 2])
    }
}
#endif
