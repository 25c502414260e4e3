import Foundation
import ObjectGraph
@testable import ObjectGraphREST
import RESTTestServer
import Testing

/// A save changes the store's object cache by what it wrote, never by comparing everything cached: the
/// cache entries a save hands to `ObjectCache.apply` (`RESTStore.lastSaveCacheEntries`) are those of its
/// change set, with 2,000 unrelated objects cached; a deleted object leaves the cached lists holding it.
@Suite struct SaveCacheCostTests {
    /// Shelves listing books by identifier (`books_ids`), with no inverse.
    static let model = ModelDescription(name: "Shelves", entities: [
        EntityDescription(name: "Shelf", attributes: [AttributeDescription(name: "name", type: .string)],
                          relationships: [RelationshipDescription(name: "books", destination: "Book", isToMany: true)]),
        EntityDescription(name: "Book", attributes: [AttributeDescription(name: "title", type: .string)]),
    ])

    @Test func aSaveTouchesOnlyTheCacheEntriesOfItsChanges() async throws {
        let mappings = MusicREST.mappings(for: Self.model)
        let api = GenericCRUDAPI(model: Self.model, mappings: mappings)
        for number in 1...2000 { try Self.post(["title": "Book \(number)"], to: "/Book", in: api) }
        try Self.post(["name": "Short", "books_ids": [1, 2, 3]], to: "/Shelf", in: api)
        try Self.post(["name": "Long", "books_ids": Array(4...2000)], to: "/Shelf", in: api)
        try await withServer(api) { server in
            var configuration = MusicREST.configuration(for: Self.model, mappings: mappings)
            configuration.pagination = RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 1000)
            let store = try RESTStore(model: Self.model, baseURL: server.baseURL, configuration: configuration)
            let books = try await store.fetch(StoreFetchRequest(entityName: "Book", sortDescriptors: [SortExpression(["title"])]))
            let shelves = try await store.fetch(StoreFetchRequest(entityName: "Shelf", sortDescriptors: [SortExpression(["name"])]))
            try #require(books.count == 2000 && shelves.count == 2)
            let (long, short) = (shelves[0].id, shelves[1].id)
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

    /// Creates an object in `api`'s collection at `path`, as a `POST` would.
    private static func post(_ object: [String: Any], to path: String, in api: GenericCRUDAPI) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        _ = api.respond(to: ServerRequest(method: "POST", path: path, query: [:], headers: ["Content-Type": "application/json"], body: body))
    }
}
