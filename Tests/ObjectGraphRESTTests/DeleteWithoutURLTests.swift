import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// Deleting an object whose to-many has no URL (a label's issues): the context nullifies the issues it
/// has loaded, the store sends the DELETE, and the server unlinks the rest.
@Suite(.testServerSlot) struct DeleteWithoutURLTests {
    @Test func aLabelFetchedFromTheListIsDeletedAndLoadedIssuesLoseIt() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport, pageSize: 30), model: GitHubModel.model)
            let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World"))
            let issue = try #require(try await Issue.first(in: context, where: \.repository.fullName == "octocat/Hello-World" && \.number == 1347))
            #expect(try await issue.labels.map(\.name) == ["bug", "area/docs"])
            let labels = try await hello.labels
            let bug = try #require(labels.first { $0.name == "bug" })
            #expect(try await issue.labels.first === bug)

            context.delete(bug)
            try await context.save()
            #expect(transport.requests.last?.method == .delete)
            #expect(transport.requests.last?.url.path(percentEncoded: true) == "/repos/octocat/Hello-World/labels/bug")
            #expect(try await issue.labels.map(\.name) == ["area/docs"])
            #expect(!context.hasChanges)

            // A label whose issues the context never saw: the DELETE goes out, the server unlinks.
            let other = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let otherDocs = try #require(try await Label.first(in: other, where: \.repository.fullName == "octocat/Hello-World" && \.name == "area/docs"))
            other.delete(otherDocs)
            try await other.save()
            let fresh = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let reread = try await Issue.first(in: fresh, where: \.repository.fullName == "octocat/Hello-World" && \.number == 1347)
            #expect(try await reread?.labels.isEmpty == true)
        }
    }

    @Test func theStoreDeclaresToManysWithoutURLOrIdentifierArrayUnloadable() throws {
        let store = try RESTStore(model: GitHubModel.model.schema, baseURL: URL(fileURLWithPath: "/"))
        #expect(store.capabilities.unloadableRelationships == [
            "Issue": ["labels"], "Label": ["issues"], "User": ["assignedIssues", "issues"],
        ])
    }
}
