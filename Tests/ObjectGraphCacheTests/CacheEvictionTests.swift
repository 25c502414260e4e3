import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct CacheEvictionTests {
    @Test func theLeastRecentlyUsedUnreferencedObjectsLeaveABoundedCache() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["A", "B", "C", "D"])
        let a = try #require(try await writer.fetch(Band.self, where: \.name == "A").first)
        for title in ["A 1", "A 2"] { Album(context: writer, title: title).setBand(a) }
        try await writer.save()
        let store = try await music.cachingStore(configuration: .init(maximumObjects: 4))
        let bands = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
        #expect(bands.count == 4)
        let albums = try await store.fetch(StoreFetchRequest(entityName: "Album"))
        #expect(albums.count == 2)

        #expect(await store.cachedObjectCount == 4)
        await store.setPolicy(.cacheOnly)
        let kept = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
        #expect(kept.strings(at: 0) == ["A", "D"])
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Album")).count == 2)
        #expect(try await store.snapshots(for: albums.map(\.id)).allSatisfy { $0.toOneIDs[0] == bands[0].id })
        await music.server.stop()
    }

    @Test func aListItemWithoutARequiredAttributeFailsACompleteFetchAndEvictsNothing() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["A"], albums: 3)
        let store = try await music.cachingStore()
        let albums = StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["title"])])
        let cached = try await store.fetch(albums)
        #expect(cached.strings(at: 0) == ["A 1", "A 2", "A 3"])
        music.server.inject(.body(#"[{"id": 1, "name": 12}]"#), for: "GET /Album")
        await #expect(throws: RESTError.missingAttribute(
            entity: "Album", attribute: "title", key: "title", identifier: "1", url: music.server.baseURL.absoluteString + "/Album")) {
            _ = try await store.fetch(albums)
        }
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(albums) == cached)
        await music.server.stop()
    }

    @Test func usingAnObjectKeepsItLonger() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["A", "B", "C"])
        let store = try await music.cachingStore(configuration: .init(maximumObjects: 3))
        let bands = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
        await store.setPolicy(.cacheOnly)
        _ = try await store.snapshots(for: [bands[0].id])
        await store.setPolicy(.networkFirst)
        try await music.seed(bands: ["D"])
        _ = try await store.fetch(StoreFetchRequest(entityName: "Band", predicate: .compare(["name"], .equal, .string("D"))))
        await store.setPolicy(.cacheOnly)
        let kept = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
        #expect(kept.strings(at: 0) == ["A", "C", "D"])
        await music.server.stop()
    }
}
