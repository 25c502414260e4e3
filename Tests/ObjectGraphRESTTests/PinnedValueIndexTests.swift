import ExampleModels
import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
@testable import ObjectGraphREST
import RESTTestServer
import Testing

/// The store's object cache finds the object a pinned fetch links to (`Issue`'s list URL
/// `/repos/:repository.fullName/issues`) by the value, from an index every path that changes the cache
/// keeps in step: responses and saves (``ObjectCache/apply(_:)``), forgetting, eviction and linking.
@Suite(.testServerSlot) struct PinnedValueIndexTests {
    static let model = GitHubModel.model.schema
    static let repository = model.entity(named: "Repository")!
    static let fullName = repository.attributeIndex(named: "fullName")!
    static let ownerSlot = repository.relationshipIndex(named: "owner").flatMap(repository.toOneSlot(forRelationshipAt:))!

    static func repository(_ number: Int64) -> AnyObjectID {
        AnyObjectID(entityName: "Repository", key: .integer(number))
    }

    static func named(_ name: String) -> CachedObject {
        var object = CachedObject(entity: repository)
        object.values[fullName] = .string(name)
        return object
    }

    static func found(_ name: String, in cache: ObjectCache) -> Set<AnyObjectID>? {
        cache.objects(ofRoot: "Repository", attribute: "fullName", equalTo: .string(name))
    }

    @Test func onlyTheAttributesListURLsPinAreIndexed() throws {
        let cache = try CompiledModel(model: Self.model, overrides: [:]).emptyCache()
        #expect(Self.found("octocat/Hello-World", in: cache) == [])
        #expect(cache.objects(ofRoot: "Repository", attribute: "name", equalTo: .string("Hello-World")) == nil)
        #expect(cache.objects(ofRoot: "User", attribute: "fullName", equalTo: .string("octocat/Hello-World")) == nil)
    }

    @Test func savesResponsesRenamesAndDeletionsMoveTheEntries() throws {
        var cache = try CompiledModel(model: Self.model, overrides: [:]).emptyCache()
        let (hello, spoon) = (Self.repository(1), Self.repository(2))
        cache.stage([hello: Self.named("octocat/Hello-World"), spoon: Self.named("octocat/Spoon-Knife")])
        #expect(Self.found("octocat/Hello-World", in: cache) == [hello])
        #expect(Self.found("octocat/Spoon-Knife", in: cache) == [spoon])

        cache.stage([hello: Self.named("octocat/Renamed")])
        #expect(Self.found("octocat/Hello-World", in: cache) == [])
        #expect(Self.found("octocat/Renamed", in: cache) == [hello])

        var response = CacheOverlay(over: cache)
        response.describe(Self.named("octocat/Renamed"), id: spoon)
        cache.apply(response.takeChanges())
        #expect(Self.found("octocat/Renamed", in: cache) == [hello, spoon])
        #expect(Self.found("octocat/Spoon-Knife", in: cache) == [])

        cache.stage([spoon: nil])
        #expect(Self.found("octocat/Renamed", in: cache) == [hello])
        cache.forget(hello)
        #expect(Self.found("octocat/Renamed", in: cache) == [])
    }

    @Test func linkingKeepsTheEntryAndEvictionDropsIt() throws {
        var cache = try CompiledModel(model: Self.model, overrides: [:]).emptyCache()
        let ids = (1...10).map { Self.repository(Int64($0)) }
        cache.stage(Dictionary(uniqueKeysWithValues: ids.map { ($0, Self.named("repository \($0.key)")) }))
        cache.setToOne(at: Self.ownerSlot, of: ids[0], to: AnyObjectID(entityName: "User", key: .integer(1)))
        #expect(cache.objects[ids[0]]?.toOneIDs[Self.ownerSlot] == AnyObjectID(entityName: "User", key: .integer(1)))
        #expect(Self.found("repository \(ids[0].key)", in: cache) == [ids[0]])

        cache.trim(toAtMost: 5) { _, _ in nil }
        #expect(cache.objects.count == 5)
        for id in ids {
            let expected: Set<AnyObjectID> = cache.objects[id] == nil ? [] : [id]
            #expect(Self.found("repository \(id.key)", in: cache) == expected)
        }
    }

    /// Through the store: the repository a pinned fetch links to, dropped with the whole cache and read
    /// again by another fetch, is found in the cache by its full name: one candidate compared, no `GET` of it.
    @Test func aRepositoryReadAgainIsLinkedFromTheCache() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30)
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            _ = try await User.first(in: context, where: \.login == "octocat")?.repositories
            await store.clearCache()
            let fresh = try ObjectContext(store: store, model: GitHubModel.model)
            let hello = try #require(try await User.first(in: fresh, where: \.login == "octocat")?.repositories.first)
            server.resetRequests()

            let issues = try await Issue.fetch(in: fresh, where: \.repository.fullName == "octocat/Hello-World")
            #expect(issues.count == 2)
            for issue in issues { #expect(try await issue.repository === hello) }
            #expect(server.requests == ["GET /repos/octocat/Hello-World/issues"])
            #expect(await store.lastPinnedCandidates == 1)
        }
    }
}
