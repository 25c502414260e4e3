import Foundation
import ObjectGraph
import Testing

/// Slices of one batch array index from zero, compare and hash by their elements, and never see each
/// other's changes.
@Suite struct SharedSliceTests {
    private let batch: [AttributeValue] = [.string("Low"), .integer(1993), .string("Hum"), .integer(1991), .null]

    @Test func aSliceIndexesFromZeroOverItsRange() {
        let second = SharedSlice(batch, range: 2..<4)
        #expect(second.count == 2)
        #expect(second.indices == 0..<2)
        #expect(second[0] == .string("Hum"))
        #expect(Array(second) == [.string("Hum"), .integer(1991)])
        #expect(SharedSlice(batch, range: 5..<5).isEmpty)
    }

    @Test func slicesCompareAndHashByElements() {
        let slice = SharedSlice(batch, range: 0..<2)
        let literal: SharedSlice<AttributeValue> = [.string("Low"), .integer(1993)]
        #expect(slice == literal)
        #expect(slice.hashValue == literal.hashValue)
        #expect(slice != SharedSlice(batch, range: 2..<4))
        #expect(Set([slice, literal]).count == 1)
    }

    @Test func settingAnElementLeavesTheBatchAndOtherSlicesAlone() {
        let first = SharedSlice(batch, range: 0..<2)
        var second = SharedSlice(batch, range: 2..<4)
        second[1] = .integer(2001)
        second[0] = .string("Hum!")
        #expect(Array(second) == [.string("Hum!"), .integer(2001)])
        #expect(Array(first) == [.string("Low"), .integer(1993)])
        #expect(SharedSlice(batch, range: 2..<4)[1] == .integer(1991))
    }

    @Test func aSliceEncodesAsAnArray() throws {
        let slice = SharedSlice(batch, range: 1..<3)
        let data = try JSONEncoder().encode(slice)
        #expect(try JSONDecoder().decode([AttributeValue].self, from: data) == [.integer(1993), .string("Hum")])
        #expect(try JSONDecoder().decode(SharedSlice<AttributeValue>.self, from: data) == slice)
        #expect(slice.description == Array(slice).description)
    }
}

/// A packer hands out one slice per run, in order, across as many shared arrays as the runs need.
@Suite struct SlicePackerTests {
    @Test func runsSpanningSeveralArraysComeBackInOrder() {
        var packer = SlicePacker<Int>(runsPerArray: 3)
        for run in 0..<10 {
            for element in 0..<(run % 4) { packer.append(run * 10 + element) }
            packer.endRun()
        }
        let slices = packer.finish()
        #expect(slices.count == 10)
        for (run, slice) in slices.enumerated() {
            #expect(Array(slice) == (0..<(run % 4)).map { run * 10 + $0 })
        }
        #expect(packer.finish().isEmpty)
    }

    @Test func aDiscardedRunLeavesNoTrace() {
        var packer = SlicePacker<String>()
        packer.append("kept")
        packer.endRun()
        packer.append("half")
        packer.append("written")
        packer.discardRun()
        packer.append("next")
        packer.endRun()
        #expect(packer.finish().map(Array.init) == [["kept"], ["next"]])
    }

    @Test func anUnendedRunIsNotHandedOut() {
        var packer = SlicePacker<Int>()
        packer.append(1)
        packer.endRun()
        packer.append(2)
        #expect(packer.finish().map(Array.init) == [[1]])
    }
}
