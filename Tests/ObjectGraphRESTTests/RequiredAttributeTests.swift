import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// What a key absent from an answer means: a GET's representation must carry every required attribute
/// without a default, for cached objects too; other absent keys keep the cached value (or give a new
/// object the default); a save's answer may leave any key out.
@Suite(.testServerSlot) struct RequiredAttributeTests {
    private static let repositories = StoreFetchRequest(entityName: "Repository")
    private static let hello = AnyObjectID(entityName: "Repository", key: .integer(1296269))

    /// A store with every repository cached (`Hello-World` has 2700 stargazers).
    private func storeWithRepositories(_ server: TestServer) async throws -> RESTStore {
        let store = try Stores.github(server, pageSize: 30)
        #expect(try await store.fetch(Self.repositories).count == 5)
        return store
    }

    private func cachedHello(_ store: RESTStore) async throws -> Snapshot {
        try #require(try await store.snapshots(for: [Self.hello]).first)
    }

    @Test func aCachedObjectListedWithoutARequiredAttributeIsATypedErrorAndChangesNothing() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try await storeWithRepositories(server)
            let before = try await cachedHello(store)
            server.inject(.body(#"[{"id": 1296269, "name": "Hello-World", "fullname": 12}]"#), for: "GET /repositories")
            await #expect(throws: RESTError.missingAttribute(
                entity: "Repository", attribute: "fullName", key: "full_name", identifier: "1296269",
                url: server.baseURL.absoluteString + "/repositories")) {
                _ = try await store.fetch(Self.repositories)
            }
            let requests = store.requestCount
            #expect(try await cachedHello(store) == before)
            #expect(store.requestCount == requests)
            server.clearFaults()
            #expect(try await store.fetch(Self.repositories).count == 5)
        }
    }

    @Test func anAbsentAttributeWithADefaultKeepsTheCachedValueOrGivesANewObjectTheDefault() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try await storeWithRepositories(server)
            let stargazers = try #require(GitHubModel.model.schema.entity(named: "Repository")?.attributeIndex(named: "stargazersCount"))
            #expect(try await cachedHello(store).values[stargazers] == .integer(2700))
            server.inject(.body(#"[{"id": 1296269, "name": "Hello-World", "full_name": "octocat/Hello-World"}, "#
                                + #"{"id": 99, "name": "new", "full_name": "octocat/new"}]"#), for: "GET /repositories")
            let listed = try await store.fetch(Self.repositories)
            #expect(listed.map(\.id.key) == [.integer(1296269), .integer(99)])
            #expect(listed.map { $0.values[stargazers] } == [.integer(2700), .integer(0)])
        }
    }

    @Test func aSaveAnswerMayLeaveRequiredAttributesOut() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30)
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            let issue = try #require(try await Issue.first(
                in: context, where: \.repository.fullName == "octocat/Hello-World" && \.number == 1347))
            issue.state = "closed"
            server.inject(.body(#"{"id": 1, "state": "closed"}"#), for: "PATCH /repos/octocat/Hello-World/issues/1347")
            try await context.save()
            let title = try #require(GitHubModel.model.schema.entity(named: "Issue")?.attributeIndex(named: "title"))
            let cached = try #require(try await store.snapshots(for: [issue.objectID]).first)
            #expect(cached.values[title] == .string("Found a bug") && issue.state == "closed")
        }
    }
}
