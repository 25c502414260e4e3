import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// Fetching an entity whose list URL has placeholders (`Issue`: `/repos/:repository.fullName/issues`)
/// with a predicate that pins them.
@Suite(.testServerSlot) struct PinnedFetchTests {
    @Test func issuesOfAKnownRepositoryTakeOneGETAndLinkThatRepository() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let octocat = try #require(try await User.first(in: context, where: \.login == "octocat"))
            let hello = try #require(try await octocat.repositories.first)
            server.resetRequests()

            let issues = try await Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World")
            #expect(issues.map(\.number) == [1347, 1348])
            for issue in issues {
                #expect(try await issue.repository === hello)
            }
            #expect(server.requests == ["GET /repos/octocat/Hello-World/issues"])
        }
    }

    @Test func extraFiltersRunInMemoryAndTheRepositoryIsLoadedOnce() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let issues = try await Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World" && \.state == "open"
                                                   && \.number == 1348)
            #expect(issues.map(\.title) == ["Spelling error in the README"])
            #expect(server.requests == ["GET /repos/octocat/Hello-World/issues/1348", "GET /repos/octocat/Hello-World"])

            let repository = try #require(try await issues.first?.repository)
            #expect(repository.fullName == "octocat/Hello-World")
            let octocat = try #require(try await User.first(in: context, where: \.login == "octocat"))
            #expect(try await octocat.repositories.first === repository)
            #expect(try await Issue.count(in: context, where: \.repository.fullName == "octocat/Hello-World") == 2)
        }
    }

    @Test func aFullNameThatNeedsEscapingTravelsAsPathTextWithQueryParameters() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let store = try RESTStore(model: GitHubModel.model.schema, baseURL: server.baseURL, transport: transport,
                                      configuration: .init(queryParameters: ["Issue": ["state": "state"]]))
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            let name = "hubot/café & tools?#100%"
            let closed = try await Issue.fetch(in: context, where: \.state == "closed" && \.repository.fullName == name)
            #expect(closed.map(\.title) == ["Escaped"])
            let first = try #require(transport.requests.first?.url)
            #expect(first.path(percentEncoded: true) == "/repos/hubot/caf%C3%A9%20&%20tools%3F%23100%25/issues")
            #expect(first.query(percentEncoded: true) == "state=closed")
            #expect(try await closed.first?.repository?.fullName == name)
            #expect(transport.requests.count == 2)
        }
    }

    @Test func predicatesThatDoNotPinTheListURLThrowBeforeAnyRequest() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let missing = RESTError.unpinnedPlaceholders(entity: "Issue", template: "/repos/:repository.fullName/issues",
                                                         keyPaths: ["repository.fullName"])
            await #expect(throws: missing) { _ = try await Issue.fetch(in: context) }
            await #expect(throws: missing) { _ = try await Issue.fetch(in: context, where: \.state == "open") }
            await #expect(throws: missing) {
                _ = try await Issue.fetch(in: context, where: \.repository.fullName != "octocat/Hello-World")
            }
            await #expect(throws: missing) {
                _ = try await Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World" || \.state == "open")
            }
            #expect(server.requests.isEmpty)
            #expect(missing.description.contains("repository.fullName"))
        }
    }

    @Test func unsavedIssuesJoinThePinnedFetch() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let octocat = try #require(try await User.first(in: context, where: \.login == "octocat"))
            let hello = try #require(try await octocat.repositories.first)
            let draft = Issue(context: context, identifier: 0, title: "Not saved yet")
            hello.addToIssues(draft)

            let issues = try await Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World")
            #expect(issues.map(\.title).sorted() == ["Found a bug", "Not saved yet", "Spelling error in the README"])
            #expect(issues.contains { $0 === draft })
        }
    }
}
