import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
@testable import ObjectGraphREST
import RESTTestServer
import Testing

/// Saves and responses change the store's object cache by what they wrote, never by comparing or copying
/// everything cached: with 2,000 unrelated objects cached, the cache entries a save hands to
/// `ObjectCache.apply` (`RESTStore.lastSaveCacheEntries`) are those of its change set, and those a
/// response hands to it (`RESTStore.lastReadCacheEntries`) are the objects and lists it holds.
@Suite(.testServerSlot) struct CacheCostTests {
    /// Shelves listing books by identifier (`books_ids`), with no inverse.
    static let model = ModelDescription(name: "Shelves", entities: [
        EntityDescription(name: "Shelf", attributes: [AttributeDescription(name: "name", type: .string)],
                          relationships: [RelationshipDescription(name: "books", destination: "Book", isToMany: true)]),
        EntityDescription(name: "Book", attributes: [AttributeDescription(name: "title", type: .string)]),
    ])

    /// A deleted object leaves the cached lists holding it.
    @Test func aSaveTouchesOnlyTheCacheEntriesOfItsChanges() async throws {
        let api = try Self.library()
        try await withServer(api) { server in
            let (store, long, short) = try await Self.cachedLibrary(on: server)
            let first = AnyObjectID(entityName: "Book", key: .integer(1))

            let renamed = UpdatedObject(id: first, entityName: "Book", attributes: [AttributeChange(index: 0, value: .string("Renamed"))], toOnes: [])
            _ = try await store.save(ChangeSet(updated: [renamed]))
            #expect(await store.lastSaveCacheEntries == 1)

            server.resetRequests()
            _ = try await store.save(ChangeSet(deleted: [DeletedObject(id: first, entityName: "Book")]))
            #expect(await store.lastSaveCacheEntries == 2)
            let lists = try await store.relatedIDs(for: "books", of: "Shelf", ids: [short, long])
            #expect(lists[short]?.map(\.key) == [.integer(2), .integer(3)])
            #expect(lists[long]?.count == 1997)
            #expect(try await store.snapshots(for: [AnyObjectID(entityName: "Book", key: .integer(2))]).map(\.values.first) == [.string("Book 2")])
            #expect(server.requests == ["DELETE /Book/1"])
        }
    }

    /// With every object stale at once (a maximum age of zero), taking in the answer of a `GET` of one
    /// book, of one shelf (its list of three) or of both shelves writes one entry per object and list; a
    /// book the server changed is published as changed in its title, an unchanged one not at all.
    @Test func aResponseTouchesOnlyTheCacheEntriesItHolds() async throws {
        let api = try Self.library()
        try await withServer(api) { server in
            let (store, long, short) = try await Self.cachedLibrary(on: server) { $0.objectCache = RESTObjectCachePolicy(maximumAge: .zero) }
            var changes = store.changes().makeAsyncIterator()
            let (second, third) = (AnyObjectID(entityName: "Book", key: .integer(2)), AnyObjectID(entityName: "Book", key: .integer(3)))
            try Self.send("PATCH", ["title": "Changed"], to: "/Book/3", in: api)

            server.resetRequests()
            #expect(try await store.snapshots(for: [second]).map(\.values.first) == [.string("Book 2")])
            #expect(await store.lastReadCacheEntries == 1)
            #expect(try await store.snapshots(for: [third]).map(\.values.first) == [.string("Changed")])
            #expect(await store.lastReadCacheEntries == 1)
            #expect(server.requests == ["GET /Book/2", "GET /Book/3"])
            let change = try #require(await changes.next())
            #expect(change.ids(.updated) == ["Book": [third]])
            #expect(change.objects[third]?.properties.attributes == [0])

            let lists = try await store.relatedIDs(for: "books", of: "Shelf", ids: [short])
            #expect(lists[short]?.map(\.key) == [.integer(1), .integer(2), .integer(3)])
            #expect(await store.lastReadCacheEntries == 2)
            #expect(Set(try await store.fetch(StoreFetchRequest(entityName: "Shelf")).map(\.id)) == [short, long])
            #expect(await store.lastReadCacheEntries == 4)
        }
    }

    /// An API holding 2,000 books and two shelves listing them by identifier: "Short" books 1–3, "Long" the rest.
    private static func library() throws -> GenericCRUDAPI {
        let api = GenericCRUDAPI(model: Self.model, mappings: MusicREST.mappings(for: Self.model))
        for number in 1...2000 { try Self.send("POST", ["title": "Book \(number)"], to: "/Book", in: api) }
        try Self.send("POST", ["name": "Short", "books_ids": [1, 2, 3]], to: "/Shelf", in: api)
        try Self.send("POST", ["name": "Long", "books_ids": Array(4...2000)], to: "/Shelf", in: api)
        return api
    }

    /// A store over ``library()`` at `server` (its configuration changed by `configure`) that fetched every
    /// book and shelf, and the IDs of the long and the short shelf.
    private static func cachedLibrary(
        on server: TestServer, configure: (inout RESTStore.Configuration) -> Void = { _ in }
    ) async throws -> (store: RESTStore, long: AnyObjectID, short: AnyObjectID) {
        var configuration = MusicREST.configuration(for: Self.model, mappings: MusicREST.mappings(for: Self.model))
        configuration.pagination = RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 1000)
        configure(&configuration)
        let store = try RESTStore(model: Self.model, baseURL: server.baseURL, configuration: configuration)
        let books = try await store.fetch(StoreFetchRequest(entityName: "Book", sortDescriptors: [SortExpression(["title"])]))
        let shelves = try await store.fetch(StoreFetchRequest(entityName: "Shelf", sortDescriptors: [SortExpression(["name"])]))
        try #require(books.count == 2000 && shelves.count == 2)
        return (store, shelves[0].id, shelves[1].id)
    }

    /// Sends `object` to `api` at `path` with `method`, as a client would (`POST` creates, `PATCH` changes).
    private static func send(_ method: String, _ object: [String: Any], to path: String, in api: GenericCRUDAPI) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        _ = api.respond(to: ServerRequest(method: method, path: path, query: [:], headers: ["Content-Type": "application/json"], body: body))
    }
}
