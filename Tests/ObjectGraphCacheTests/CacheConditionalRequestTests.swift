import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

/// A `networkFirst` read through a REST store that sends conditional requests: a `304 Not Modified`
/// reuses the cached body, and the caching store finds nothing changed and publishes nothing.
@Suite(.testServerSlot) struct CacheConditionalRequestTests {
    @Test func aNotModifiedAnswerPublishesNothingAndAChangedOneItsChange() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low", "Beirut"])
        let remote = try music.remote(conditional: true)
        let store = try await CachingStore(remote: remote, cache: .inMemory)
        let request = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])
        let first = try await store.fetch(request)
        var changes = store.changes().makeAsyncIterator()

        #expect(try await store.fetch(request) == first)
        #expect(music.server.answers.last == "GET /Band 304")
        #expect(remote.statistics.notModified == 1)

        let low = try #require(try await writer.fetch(Band.self, where: \.name == "Low").first)
        low.name = "Low (US)"
        try await writer.save()
        #expect(try await store.fetch(request).strings(at: 0) == ["Beirut", "Low (US)"])
        #expect(music.server.answers.last == "GET /Band 200")
        // The first change published is the rename: the 304 published none.
        let change = try #require(await changes.next())
        #expect(change.objects.count == 1)
        #expect(change.objects[first[1].id]?.kind == .updated)
        await music.server.stop()
    }
}
