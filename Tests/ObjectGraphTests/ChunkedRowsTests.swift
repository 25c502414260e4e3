@testable import ObjectGraph
import Testing

/// Snapshots compare and hash their rows, not how the rows happen to be split into chunks.
@Test func snapshotsWithTheSameRowsInOtherChunksAreEqual() {
    let ids = (1...5000).map { AnyObjectID(entityName: "Item", key: .integer(Int64($0))) }
    var edited = ChunkedRows(ids)
    let extra = AnyObjectID(entityName: "Item", key: .integer(9999))
    for _ in 0..<1500 { edited.insert(extra, at: 10) }       // splits the first chunk
    for _ in 0..<1500 { edited.remove(at: 10) }
    let fresh = ChunkedRows(ids)
    #expect(edited.all == fresh.all)
    #expect(edited == fresh)
    #expect(edited.hashValue == fresh.hashValue)
    let sections = [SectionedSnapshot.Section(name: "", count: ids.count)]
    #expect(SectionedSnapshot(sections: sections, rows: edited) == SectionedSnapshot(sections: sections, rows: fresh))
    edited.remove(at: 0)
    #expect(edited != fresh)
}
