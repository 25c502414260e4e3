import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

/// A relationship list the server answered before a save that changed the relationship, arriving after
/// the save, must not replace in the REST store's object cache what the save left (which answers faults
/// until the list expires).
@Suite(.testServerSlot) struct RelationshipListStaleAnswerTests {
    /// A REST store whose cached objects and lists never expire, over `music`, reading through `transport`,
    /// and a context on it holding the server's bands by name.
    private func cachingRemote(_ music: MusicServer, transport: HeldAnswerTransport) async throws -> (RESTStore, ObjectContext, [String: Band]) {
        let store = try music.remote(transport: transport, objectCache: RESTObjectCachePolicy(maximumAge: nil))
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = try await context.fetch(Band.self)
        return (store, context, Dictionary(uniqueKeysWithValues: bands.map { ($0.name, $0) }))
    }

    /// The save adds an album to the band (its to-one inverse carries the change, so the save drops the
    /// band's cached list): the list answered before it is not cached, and the next fault lists again.
    @Test func aListAnsweredBeforeASaveThatDroppedItIsNotCached() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["A"], albums: 1)
        let transport = HeldAnswerTransport(path: "/Album")
        let (store, context, bands) = try await cachingRemote(music, transport: transport)
        let band = try #require(bands["A"])
        let bandID = band.objectID

        let stale = await transport.holdingTheAnswer { try await store.relatedIDs(for: "albums", of: "Band", ids: [bandID]) }
        let album = Album(context: context, title: "A 2")
        album.setBand(band)
        try await context.save()
        transport.release()
        #expect(try await stale.value[bandID]?.count == 1)
        let listed = try await store.relatedIDs(for: "albums", of: "Band", ids: [bandID])
        #expect(listed[bandID]?.count == 2)
        #expect(listed[bandID]?.contains(album.objectID) == true)
        await music.server.stop()
    }

    /// The save rewrites B's `influencedBy` identifiers (many-to-many, carried by B's JSON: C, then C and
    /// A) while a `GET` of B sent before it is in flight: B's list keeps what the save wrote.
    @Test func aListAnsweredBeforeASaveThatWroteItKeepsTheSavedList() async throws {
        let music = try await MusicServer.start()
        let seeded = try await music.seed(bands: ["A", "B", "C"])
        let seededBands = try await seeded.fetch(Band.self, sortedBy: [.ascending(\.name)])
        seededBands[2].addToInfluences(seededBands[1])
        try await seeded.save()
        let ids = seededBands.map(\.objectID)
        guard case .integer(let key) = ids[1].key else {
            Issue.record("expected an integer key, got \(ids[1])")
            return
        }
        let (a, b, c) = (ids[0], ids[1], ids[2])
        let transport = HeldAnswerTransport(path: "/Band/\(key)")
        let (store, context, bands) = try await cachingRemote(music, transport: transport)
        await store.clearCache()

        let stale = await transport.holdingTheAnswer { try await store.snapshots(for: [b]) }
        try #require(bands["A"]).addToInfluences(try #require(bands["B"]))
        try await context.save()
        transport.release()
        _ = try await stale.value
        #expect(try await store.relatedIDs(for: "influencedBy", of: "Band", ids: [b])[b] == [c, a])
        await music.server.stop()
    }
}
