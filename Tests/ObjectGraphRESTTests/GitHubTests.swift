import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

@Suite(.testServerSlot) struct GitHubTests {
    @Test func repositoriesOfAUserShareTheUserInstanceAsOwner() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let users = try await User.fetch(in: context, where: \.login == "octocat")
            let octocat = try #require(users.first)
            #expect(users.count == 1)
            #expect(server.requests == ["GET /users/octocat"])
            #expect(octocat.gravatarIdentifier == "")
            #expect(octocat.avatarURL == URL(string: "https://avatars.githubusercontent.com/u/583231?v=4"))

            let repositories = try await octocat.repositories
            #expect(repositories.map(\.fullName) == ["octocat/Hello-World", "octocat/Spoon-Knife", "octocat/linguist"])
            for repository in repositories {
                #expect(try await repository.owner === octocat)
            }
            #expect(server.requests.filter { $0 == "GET /users/octocat" }.count == 1)
            #expect(octocat.name == "The Octocat")
            let hello = try #require(repositories.first)
            #expect(hello.identifier == 1296269 && !hello.isPrivate && hello.stargazersCount == 2700)
            #expect(hello.repositoryDescription == "My first repository on GitHub!")
            #expect(hello.pushedAt == Date(timeIntervalSince1970: 1296068803))
            #expect(!context.hasChanges)
        }
    }

    @Test func issuesNestTheirUsersAsTheSameInstances() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let octocat = try #require(try await User.first(in: context, where: \.login == "octocat"))
            let hello = try #require(try await octocat.repositories.first)
            let issues = try await hello.issues
            #expect(issues.map(\.number) == [1347, 1348])
            #expect(try await issues[0].user === octocat)
            #expect(try await issues[0].assignee?.login == "hubot")
            #expect(try await issues[1].user === issues[0].assignee)
            #expect(try await issues[0].repository === hello)
            #expect(server.requests.filter { $0.hasPrefix("GET /users/") } == ["GET /users/octocat", "GET /users/octocat/repos"])
        }
    }

    @Test func createEditAndDeleteAnIssue() async throws {
        try await withServer(GitHubAPI(now: { "2024-05-01T12:00:00Z" })) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport, pageSize: 30), model: GitHubModel.model)
            let octocat = try #require(try await User.first(in: context, where: \.login == "octocat"))
            let hello = try #require(try await octocat.repositories.first)

            let issue = Issue(context: context, identifier: 0, title: "Add a licence")
            issue.body = "Which one?"
            hello.addToIssues(issue)
            try await context.save()
            #expect(transport.requests.last?.method == .post)
            #expect(transport.requests.last?.url.path(percentEncoded: true) == "/repos/octocat/Hello-World/issues")
            #expect(transport.bodyKeys(ofLast: .post) == ["body", "state", "title"])
            #expect(issue.objectID == AnyObjectID(entityName: "Issue", key: .integer(100)))
            #expect(issue.identifier == 100 && issue.number == 1349 && issue.state == "open")
            #expect(issue.createdAt == Date(timeIntervalSince1970: 1714564800))
            #expect(try await issue.user === octocat)
            #expect(try await hello.issues.count == 3)
            #expect(!context.hasChanges)

            issue.title = "Add an MIT licence"
            issue.state = "closed"
            try await context.save()
            #expect(transport.requests.last?.method == .patch)
            #expect(transport.requests.last?.url.path(percentEncoded: true) == "/repos/octocat/Hello-World/issues/1349")
            #expect(transport.bodyKeys(ofLast: .patch) == ["state", "title"])
            #expect(issue.closedAt == Date(timeIntervalSince1970: 1714564800))

            context.delete(issue)
            try await context.save()
            #expect(transport.requests.last?.method == .delete)
            let fresh = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let reloaded = try #require(try await User.first(in: fresh, where: \.login == "octocat"))
            let titles = try await reloaded.repositories.first?.issues.map(\.title)
            #expect(titles == ["Found a bug", "Spelling error in the README"])
        }
    }
}
