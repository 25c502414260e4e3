import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import RESTTestServer
import Testing

/// An object the server answers 404 for at its own URL leaves the cache as a deletion in a context would
/// take it: Cascade takes its destinations too; Nullify and Deny clear the to-ones that point at it, which
/// the change stream publishes as updates.
@Suite(.testServerSlot) struct CacheGoneObjectTests {
    private static let band = MusicModel.model.schema.entity(named: "Band")!

    @Test func aGoneObjectTakesItsCascadedDestinationsWithIt() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low", "Beirut"], albums: 2)
        let album = try #require(try await writer.fetch(Album.self, where: \.title == "Low 1").first)
        Track(context: writer, title: "Words").setAlbum(album)
        try await writer.save()
        let store = try await music.cachingStore()
        let tracks = try await store.fetch(StoreFetchRequest(entityName: "Track"))
        let albums = try await store.fetch(StoreFetchRequest(entityName: "Album"))
        let bands = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
        #expect(await store.cachedObjectCount == 7)
        let low = bands[1].id
        var changes = store.changes().makeAsyncIterator()

        music.server.inject(.status(404), for: "GET /\(low.entityName)/\(low.key)")
        #expect(try await store.snapshots(for: [low]).isEmpty)
        let gone = [low] + albums.filter { $0.toOneIDs[0] == low }.map(\.id) + tracks.map(\.id)
        let change = try #require(await changes.next())
        #expect(Set(change.objects.keys) == Set(gone) && change.objects.values.allSatisfy { $0.kind == .deleted })
        #expect(await store.cachedObjectCount == 7 - gone.count)
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Album")).strings(at: 0) == ["Beirut 1", "Beirut 2"])
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Track")).isEmpty)
        await music.server.stop()
    }

    /// Label's `bands` is Deny and Manager's `band` Nullify: either way the bands stay, without the to-one.
    @Test(arguments: ["label", "manager"])
    func aGoneObjectIsClearedFromTheToOnesThatPointedAtIt(relationship: String) async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low"])
        let low = try #require(try await writer.fetch(Band.self).first)
        if relationship == "label" { low.setLabel(Label(context: writer, name: "Sub Pop")) } else { low.setManager(Manager(context: writer, name: "Ann")) }
        try await writer.save()
        let store = try await music.cachingStore()
        let band = try #require(try await store.fetch(StoreFetchRequest(entityName: "Band")).first)
        let index = try #require(Self.band.relationshipIndex(named: relationship))
        let slot = try #require(Self.band.toOneSlot(forRelationshipAt: index))
        let destination = try #require(band.toOneIDs[slot])
        #expect(await store.cachedObjectCount == 2)
        var changes = store.changes().makeAsyncIterator()

        music.server.inject(.status(404), for: "GET /\(destination.entityName)/\(destination.key)")
        #expect(try await store.snapshots(for: [destination]).isEmpty)
        let change = try #require(await changes.next())
        #expect(change.objects[destination]?.kind == .deleted)
        #expect(change.objects[band.id]?.kind == .updated && change.objects[band.id]?.properties.toOnes == [index])
        await store.setPolicy(.cacheOnly)
        let cached = try await store.snapshots(for: [band.id])
        #expect(cached.count == 1 && cached.first?.toOneIDs[slot] == nil && cached.first?.values == band.values)
        #expect(await store.cachedObjectCount == 1)
        await music.server.stop()
    }
}
