import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import RESTTestServer
import Testing

/// Objects with equal sort keys come in key order (`ObjectKey.precedesAmongTies`), the order live results
/// keep, whatever order the cache's rows or the server give them.
@Suite(.testServerSlot) struct CacheTieOrderTests {
    static let byTitle = StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["title"])])

    @Test func serverObjectsCachedInAnotherOrderComeInKeyOrder() async throws {
        let music = try await MusicServer.start()
        let writer = try ObjectContext(store: try music.remote(), model: MusicModel.model)
        let albums = (0..<2).map { _ in Album(context: writer, title: "Same") }
        try await writer.save()
        let ids = albums.map(\.objectID)
        let store = try await music.cachingStore()
        _ = try await store.snapshots(for: [ids[1]])
        #expect(try await store.fetch(Self.byTitle).map(\.id) == ids)
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(Self.byTitle).map(\.id) == ids)
        var first = Self.byTitle
        first.limit = 1
        #expect(try await store.fetch(first).map(\.id) == [ids[0]])
        first.offset = 1
        #expect(try await store.fetch(first).map(\.id) == [ids[1]])
        await music.server.stop()
    }

    @Test func localObjectsComeInKeyOrderNotSaveOrder() async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore()
        await store.setPolicy(.cacheOnly)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let albums = (0..<8).map { _ in Album(context: context, title: "Same") }
        try await context.save()
        let ids = albums.map(\.objectID).sorted { $0.key.precedesAmongTies($1.key) }
        #expect(try await store.fetch(Self.byTitle).map(\.id) == ids)
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Album")).map(\.id) == ids)
        await store.waitForOutbox()
        await music.server.stop()
    }
}
