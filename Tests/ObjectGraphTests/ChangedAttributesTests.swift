@testable import ObjectGraph
import Testing

/// The changed attributes of an object with their committed values: one inline, the rest (and indices from
/// 64 on) in a box that copies share until one of them changes.
@Suite struct ChangedAttributesTests {
    /// Committed values by index: `.integer(index)` for indices 0 to 99.
    private let committed = SharedSlice((0..<100).map { AttributeValue.integer(Int64($0)) })

    private func listed(_ changes: ChangedAttributes) -> [Int] {
        changes.map(\.index)
    }

    @Test func indicesComeBackAscendingWithTheirCommittedValues() {
        var changes = ChangedAttributes()
        for index in [70, 5, 3, 64, 9] { changes.insert(index) { committed[index] } }
        #expect(listed(changes) == [3, 5, 9, 64, 70])
        #expect(changes.map(\.value) == [3, 5, 9, 64, 70].map { AttributeValue.integer(Int64($0)) })
        #expect(changes.committedValue(at: 64) == .integer(64) && changes.committedValue(at: 4) == nil)
        var visited: [Int] = []
        changes.forEach { index, value in
            visited.append(index)
            #expect(value == .integer(Int64(index)))
        }
        #expect(visited == [3, 5, 9, 64, 70])
        #expect(Array(changes.indices) == [3, 5, 9, 64, 70])
    }

    @Test func aSecondChangeOfAnAttributeKeepsItsFirstCommittedValue() {
        var changes = ChangedAttributes()
        changes.insert(7) { .string("first") }
        changes.insert(7) { .string("second") }
        changes.insert(80) { .string("high") }
        changes.insert(80) { .string("again") }
        #expect(changes.committedValue(at: 7) == .string("first") && changes.committedValue(at: 80) == .string("high"))
    }

    @Test func anIndexFromSixtyFourOnAloneIsListed() {
        var changes = ChangedAttributes()
        changes.insert(99) { committed[99] }
        #expect(!changes.isEmpty && changes.contains(99) && !changes.contains(35))
        #expect(listed(changes) == [99])
        changes.insert(1) { committed[1] }
        #expect(listed(changes) == [1, 99] && changes.committedValue(at: 99) == .integer(99))
    }

    @Test func copiesDoNotSeeEachOthersChanges() {
        var original = ChangedAttributes()
        original.insert(2) { committed[2] }
        original.insert(4) { committed[4] }
        var copy = original
        copy.insert(1) { .string("copy") }
        copy.insert(66) { committed[66] }
        original.insert(3) { .string("original") }
        #expect(listed(original) == [2, 3, 4] && original.committedValue(at: 3) == .string("original"))
        #expect(listed(copy) == [1, 2, 4, 66] && copy.committedValue(at: 1) == .string("copy"))
        #expect(original.committedValue(at: 1) == nil && copy.committedValue(at: 3) == nil && !original.contains(66))
    }

    @Test func changesRebuiltFromIndicesTakeTheGivenValues() {
        let changes = ChangedAttributes([65, 0, 12], committedValues: committed)
        #expect(listed(changes) == [0, 12, 65] && changes.map(\.value) == [.integer(0), .integer(12), .integer(65)])
        #expect(ChangedAttributes().isEmpty && listed(ChangedAttributes()) == [])
    }
}
