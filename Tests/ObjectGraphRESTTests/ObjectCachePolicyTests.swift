import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// The store's object cache is bounded and expires: faults of dropped or stale objects ask the server.
@Suite(.testServerSlot) struct ObjectCachePolicyTests {
    @Test func aFreshObjectAnswersFaultsWithoutARequest() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30)
            let ids = try await store.fetch(StoreFetchRequest(entityName: "User")).map(\.id)
            let before = store.requestCount
            #expect(try await store.snapshots(for: ids).count == 3)
            #expect(store.requestCount == before)
        }
    }

    @Test func aStaleObjectIsLoadedAgain() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) {
                $0.objectCache = RESTObjectCachePolicy(maximumAge: .milliseconds(50))
            }
            let octocat = try #require(try await store.fetch(StoreFetchRequest(entityName: "User")).first)
            try await Task.sleep(for: .milliseconds(120))
            server.resetRequests()
            let reloaded = try await store.snapshots(for: [octocat.id])
            #expect(reloaded.map(\.id) == [octocat.id])
            #expect(server.requests == ["GET /users/octocat"])
        }
    }

    @Test func aStaleRelationshipListIsListedAgain() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) {
                $0.objectCache = RESTObjectCachePolicy(maximumAge: .milliseconds(50))
            }
            let octocat = try #require(try await store.fetch(StoreFetchRequest(entityName: "User")).first)
            _ = try await store.relatedIDs(for: "repositories", of: "User", ids: [octocat.id])
            server.resetRequests()
            _ = try await store.relatedIDs(for: "repositories", of: "User", ids: [octocat.id])
            #expect(server.requests.isEmpty)
            try await Task.sleep(for: .milliseconds(120))
            let repositories = try await store.relatedIDs(for: "repositories", of: "User", ids: [octocat.id])
            #expect(repositories[octocat.id]?.count == 3)
            #expect(server.requests.contains("GET /users/octocat/repos"))
        }
    }

    @Test func theCacheKeepsAtMostItsLimitAndDroppedObjectsLoadAgain() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) {
                $0.objectCache = RESTObjectCachePolicy(maximumObjects: 2, maximumAge: nil)
            }
            let users = try await store.fetch(StoreFetchRequest(entityName: "User"))
            #expect(users.count == 3)
            server.resetRequests()
            let snapshots = try await store.snapshots(for: users.map(\.id))
            #expect(snapshots.map(\.id) == users.map(\.id))
            #expect(!server.requests.isEmpty && server.requests.allSatisfy { $0.hasPrefix("GET /users/") })
        }
    }

    @Test func aStaleObjectTheServerNoLongerHasIsGone() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) {
                $0.objectCache = RESTObjectCachePolicy(maximumAge: .milliseconds(50))
            }
            let hubot = try #require(try await store.fetch(StoreFetchRequest(entityName: "User")).first { $0.values.contains(.string("hubot")) })
            try await Task.sleep(for: .milliseconds(120))
            server.inject(.status(404), for: "GET /users/hubot")
            #expect(try await store.snapshots(for: [hubot.id]).isEmpty)
        }
    }
}
