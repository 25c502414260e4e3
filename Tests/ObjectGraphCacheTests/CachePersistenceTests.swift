import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct CachePersistenceTests {
    @Test func theCacheAndItsIDsSurviveARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/music-cache.sqlite"
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low", "Beirut"], albums: 2)
        let request = StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["title"])])
        var store: CachingStore? = try await music.cachingStore(.file(path))
        let online = try await store!.fetch(request)
        let bandIDs = Set(online.compactMap { $0.toOneIDs[0] })
        let albumsByBand = try await store!.relatedIDs(for: "albums", of: "Band", ids: Array(bandIDs))
        store = nil
        await music.server.stop()

        let reopened = try await music.cachingStore(.file(path))
        #expect(await reopened.cachedObjectCount == 6)
        #expect(try await reopened.fetch(request) == online)
        #expect(try await reopened.relatedIDs(for: "albums", of: "Band", ids: Array(bandIDs)).mapValues(Set.init) == albumsByBand.mapValues(Set.init))
        let context = try ObjectContext(store: reopened, model: MusicModel.model)
        let album = try #require(try await context.fetch(Album.self, where: \.title == "Low 2").first)
        #expect(try await album.band?.name == "Low")
    }
}
