import Foundation
import ObjectGraph
@testable import ObjectGraphCache
import Testing

/// The identity bookkeeping's recency: reads only note what they used, and the notes are applied in
/// order, at the next write or once too many wait.
@Suite struct CacheIndexTests {
    @Test func usesAreAppliedInOrderAndNeverPileUpWithoutEnd() throws {
        let index = try CacheIndex(database: IdentityDatabase(path: nil))
        let ids = (1...3).map { AnyObjectID(entityName: "Band", key: .integer(Int64($0))) }
        try index.record(ids.enumerated().map { (remote: $1, cache: AnyObjectID(entityName: "Band", key: .integer(Int64($0 + 10)))) },
                         fetchedAt: Date())
        #expect(index.leastRecentlyUsed() == ids)

        index.touch([ids[0]])
        index.touch([ids[1]])
        #expect(index.pendingUses == 2)
        #expect(index.leastRecentlyUsed() == [ids[2], ids[0], ids[1]])
        #expect(index.pendingUses == 0)

        let reads = CacheIndex.maximumPendingUses / 1000
        for _ in 0..<reads { index.touch(Array(repeating: ids[2], count: 1000)) }
        #expect(index.pendingUses == CacheIndex.maximumPendingUses)
        index.touch([ids[0]])
        #expect(index.pendingUses == 0)
        #expect(index.leastRecentlyUsed() == [ids[1], ids[2], ids[0]])
    }
}
