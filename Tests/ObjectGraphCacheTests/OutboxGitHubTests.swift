import ExampleModels
import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct OutboxGitHubTests {
    @Test func theSavingContextTakesTheValuesTheServerAssigned() async throws {
        let server = try await TestServer.start(GitHubAPI(now: { "2024-05-01T12:00:00Z" }))
        let remote = try RESTStore(model: GitHubModel.model.schema, baseURL: server.baseURL, transport: URLSessionTransport(timeout: 60),
                                   configuration: .init(pagination: RESTPagination(style: .page(page: "page", size: "per_page"), pageSize: 30)))
        let store = try await CachingStore(remote: remote, cache: .inMemory)
        let context = try ObjectContext(store: store, model: GitHubModel.model)
        let octocat = try #require(try await User.first(in: context, where: \.login == "octocat"))
        let hello = try #require(try await octocat.repositories.first)
        let issue = Issue(context: context, identifier: 0, title: "Add a licence")
        hello.addToIssues(issue)
        try await context.save()
        let localID = issue.objectID
        await store.waitForOutbox()
        try await context.mergeChanges()
        #expect(issue.objectID == localID)
        #expect(issue.number == 1349 && issue.identifier == 100)
        #expect(issue.createdAt == Date(timeIntervalSince1970: 1714564800))
        #expect(try await issue.user === octocat)
        await server.stop()
    }
}
