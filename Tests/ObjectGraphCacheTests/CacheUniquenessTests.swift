import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct CacheUniquenessTests {
    @Test func twoObjectsSwappingAUniqueValueOnTheServerReachTheCache() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["A", "B"])
        let store = try await music.cachingStore()
        let request = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])
        let before = try await store.fetch(request)
        let bands = try await writer.fetch(Band.self, sortedBy: [.ascending(\.name)])
        bands[0].name = "C"
        try await writer.save()
        bands[1].name = "A"
        try await writer.save()
        bands[0].name = "B"
        try await writer.save()
        let after = try await store.fetch(request)
        #expect(after.map(\.id) == before.map(\.id).reversed())
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(request).strings(at: 0) == ["A", "B"])
        await music.server.stop()
    }

    @Test func aSaveGivingAnotherObjectsUniqueValueFailsAndLeavesNothing() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["A", "B"])
        let store = try await music.cachingStore()
        let request = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])
        let bands = try await store.fetch(request)
        let name = try #require(music.model.entity(named: "Band")?.attributeIndex(named: "name"))
        let rename = ChangeSet(updated: [UpdatedObject(id: bands[1].id, entityName: "Band", attributes: [AttributeChange(index: name, value: .string("A"))], toOnes: [])])
        await #expect(throws: ObjectGraphError.self) { try await store.save(rename) }
        #expect(await store.outboxEntries.isEmpty)
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(request).strings(at: 0) == ["A", "B"])
        #expect(try await music.bandNamesOnServer() == ["A", "B"])
        await music.server.stop()
    }
}
