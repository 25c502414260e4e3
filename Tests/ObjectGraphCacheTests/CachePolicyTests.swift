import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct CachePolicyTests {
    static let bands = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])

    /// A server holding the band Low, the context that saved it there, and a `cacheThenNetwork` caching
    /// store over the server, whose cache holds Low when `cached` (a fetch and its background refresh done).
    private func lowBehindCacheThenNetwork(cached: Bool) async throws -> (music: MusicServer, writer: ObjectContext, store: CachingStore) {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low"])
        let store = try await music.cachingStore(configuration: .init(policy: .cacheThenNetwork))
        if cached {
            _ = try await store.fetch(Self.bands)
            await store.waitForRefreshes()
        }
        return (music, writer, store)
    }

    @Test func networkFirstAnswersFromTheCacheWhenTheServerStops() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low", "Beirut"], albums: 2)
        let store = try await music.cachingStore()
        let online = try await store.fetch(Self.bands)
        let albumsOnline = try await store.relatedIDs(for: "albums", of: "Band", ids: online.map(\.id))
        await music.server.stop()

        let offline = try await store.fetch(Self.bands)
        #expect(offline == online)
        #expect(offline.strings(at: 0) == ["Beirut", "Low"])
        #expect(try await store.count(Self.bands) == 2)
        #expect(try await store.relatedIDs(for: "albums", of: "Band", ids: online.map(\.id)) == albumsOnline)
        #expect(try await store.snapshots(for: online.map(\.id).reversed()) == online.reversed())
        // Through a context too: one instance per object, relationships faulted from the cache.
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let low = try #require(try await context.fetch(Band.self, where: \.name == "Low").first)
        #expect(try await low.albums.map(\.title).sorted() == ["Low 1", "Low 2"])
        #expect(try await low.albums.first?.band === low)
    }

    @Test func anAnswerOfTheServerOtherThanUnreachableReachesTheCaller() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low"])
        let store = try await music.cachingStore()
        _ = try await store.fetch(Self.bands)
        music.server.inject(.status(403), for: "GET /Band")
        await #expect(throws: (any Error).self) { try await store.fetch(Self.bands) }
        music.server.inject(.status(503), for: "GET /Band")
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low"])
        await music.server.stop()
    }

    @Test func cacheOnlyNeverAsksTheServer() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low"], albums: 1)
        let store = try await music.cachingStore()
        let bands = try await store.fetch(Self.bands)
        _ = try await store.relatedIDs(for: "albums", of: "Band", ids: bands.map(\.id))
        await store.setPolicy(.cacheOnly)
        music.server.resetRequests()
        #expect(try await store.fetch(Self.bands) == bands)
        #expect(try await store.count(StoreFetchRequest(entityName: "Album")) == 1)
        #expect(try await store.relatedIDs(for: "albums", of: "Band", ids: bands.map(\.id)).values.first?.count == 1)
        #expect(music.server.requests.isEmpty)
        await music.server.stop()
    }

    @Test func entityPoliciesApplyToSubentitiesAndOverrideTheStores() async throws {
        let music = try await MusicServer.start()
        let store = try await music.cachingStore(configuration: .init(policy: .cacheOnly, entityPolicies: ["Media": .cacheThenNetwork, "Band": .networkFirst]))
        #expect(await store.policy(for: "Band") == .networkFirst)
        #expect(await store.policy(for: "Podcast") == .cacheThenNetwork)
        #expect(await store.policy(for: "Album") == .cacheOnly)
        await music.server.stop()
    }

    @Test func eachEntityIsReadAsItsOwnPolicySays() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low"], albums: 1)
        let store = try await music.cachingStore(configuration: .init(policy: .cacheOnly, entityPolicies: ["Band": .networkFirst]))
        let albums = StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["title"])])
        #expect(try await store.fetch(albums).isEmpty)
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low"])
        #expect(try await store.count(albums) == 0)
        #expect(!music.server.requests.contains { $0.hasPrefix("GET /Album") })

        await store.setPolicy(.networkFirst)
        await store.setPolicy(.cacheOnly, for: "Band")
        let low = try #require(try await writer.fetch(Band.self).first)
        low.name = "Low (US)"
        Album(context: writer, title: "Low 2").setBand(low)
        try await writer.save()
        music.server.resetRequests()
        #expect(try await store.fetch(albums).strings(at: 0) == ["Low 1", "Low 2"])
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low"])
        #expect(music.server.requests.filter { $0.hasPrefix("GET /Band") }.isEmpty)
        #expect(music.server.requests.contains("GET /Album"))
        await music.server.stop()
    }

    @Test func dataOlderThanTheMaximumAgeIsAskedForAgain() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low"])
        let store = try await music.cachingStore(configuration: .init(maximumAge: .milliseconds(300)))
        let first = try await store.fetch(Self.bands)
        let low = try #require(try await writer.fetch(Band.self).first)
        low.name = "Low (US)"
        try await writer.save()
        let asked = { music.server.requests.filter { $0.hasPrefix("GET /Band") }.count }
        let before = asked()
        #expect(first.strings(at: 0) == ["Low"])
        // While fresh the cache answers (`freshDataAnswersWithoutAskingTheServer`); once older, the server.
        try await Task.sleep(for: .milliseconds(400))
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low (US)"])
        #expect(asked() > before)
        await music.server.stop()
    }

    @Test func cacheThenNetworkCountsAndRelationshipFaultsAnswerAtOnceAndRefresh() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low"], albums: 1)
        let store = try await music.cachingStore()
        let bands = try await store.fetch(Self.bands)
        let albums = StoreFetchRequest(entityName: "Album")
        #expect(try await store.count(albums) == 1)
        #expect(try await store.relatedIDs(for: "albums", of: "Band", ids: bands.map(\.id)).values.first?.count == 1)
        await store.setPolicy(.cacheThenNetwork)

        let low = try #require(try await writer.fetch(Band.self).first)
        Album(context: writer, title: "Low 2").setBand(low)
        try await writer.save()
        #expect(try await store.count(albums) == 1)
        #expect(try await store.relatedIDs(for: "albums", of: "Band", ids: bands.map(\.id)).values.first?.count == 1)
        await store.waitForRefreshes()
        #expect(await store.lastRefreshError == nil)
        #expect(try await store.count(albums) == 2)
        #expect(try await store.relatedIDs(for: "albums", of: "Band", ids: bands.map(\.id)).values.first?.count == 2)
        await music.server.stop()
    }

    @Test func freshDataAnswersWithoutAskingTheServer() async throws {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["Low"])
        let store = try await music.cachingStore(configuration: .init(maximumAge: .seconds(3600)))
        let first = try await store.fetch(Self.bands)
        let asked = music.server.requests.filter { $0.hasPrefix("GET /Band") }.count
        #expect(try await store.fetch(Self.bands) == first)
        #expect(try await store.snapshots(for: first.map(\.id)) == first)
        #expect(music.server.requests.filter { $0.hasPrefix("GET /Band") }.count == asked)
        await music.server.stop()
    }

    @Test func cacheThenNetworkAnswersAtOnceAndPublishesWhatTheRefreshFound() async throws {
        let (music, writer, store) = try await lowBehindCacheThenNetwork(cached: false)
        var changes = store.changes().makeAsyncIterator()

        #expect(try await store.fetch(Self.bands).isEmpty)
        await store.waitForRefreshes()
        let inserted = try #require(await changes.next())
        let lowID = try #require(inserted.ids(.inserted)["Band"]?.first)
        #expect(try await store.fetch(Self.bands).map(\.id) == [lowID])

        let low = try #require(try await writer.fetch(Band.self, where: \.name == "Low").first)
        low.name = "Low (US)"
        try await writer.save()
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low"])
        await store.waitForRefreshes()
        let updated = try #require(await changes.next())
        #expect(updated.objects[lowID]?.kind == .updated)
        #expect(updated.objects[lowID]?.properties.attributes == [0])
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low (US)"])
        await music.server.stop()
    }

    @Test func aContextSeesRefreshedObjectsThroughTheChangeStream() async throws {
        let (music, writer, store) = try await lowBehindCacheThenNetwork(cached: true)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let cached = try #require(try await context.fetch(Band.self).first)
        await store.waitForRefreshes()

        let low = try #require(try await writer.fetch(Band.self).first)
        low.rating = 4.5
        try await writer.save()
        _ = try await context.fetch(Band.self)
        #expect(cached.rating == 0)
        await store.waitForRefreshes()
        try await context.mergeChanges()
        #expect(cached.rating == 4.5)
        await music.server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func liveResultsSeeWhatABackgroundRefreshFound() async throws {
        let (music, writer, store) = try await lowBehindCacheThenNetwork(cached: true)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let results = try await context.results(entityNamed: "Band", sortedBy: ["name"])
        #expect(try await results.objects(inSection: 0).map(\.objectID) == store.fetch(Self.bands).map(\.id))
        await store.waitForRefreshes()

        _ = Band(context: writer, name: "Beirut")
        try await writer.save()
        var updates = results.updates.makeAsyncIterator()
        _ = try await context.fetch(Band.self)
        await store.waitForRefreshes()
        let update = try #require(try await updates.next())
        #expect(update.snapshot.count == 2)
        let names = try await results.objects(inSection: 0).map { ($0 as? Band)?.name }
        #expect(names == ["Beirut", "Low"])
        await music.server.stop()
    }

    @Test func objectsTheServerNoLongerListsLeaveTheCache() async throws {
        let music = try await MusicServer.start()
        let writer = try await music.seed(bands: ["Low", "Beirut"])
        let store = try await music.cachingStore()
        #expect(try await store.fetch(Self.bands).count == 2)
        let beirut = try #require(try await writer.fetch(Band.self, where: \.name == "Beirut").first)
        writer.delete(beirut)
        try await writer.save()
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low"])
        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["Low"])
        #expect(await store.cachedObjectCount == 1)
        await music.server.stop()
    }
}
