import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// Fetching one object by key through its object URL (`rest.objectPath`), and how values fill paths.
@Suite(.testServerSlot) struct ObjectURLFetchTests {
    @Test func aLoginGETsTheUserURLInsteadOfListingUsers() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let octocat = try #require(try await User.first(in: context, where: \.login == "octocat"))
            #expect(octocat.name == "The Octocat" && octocat.identifier == 583231)
            #expect(server.requests == ["GET /users/octocat"])
            // Other conditions are still checked on what comes back.
            #expect(try await User.fetch(in: context, where: \.login == "octocat" && \.name == "Someone else").isEmpty)
        }
    }

    @Test func a404AtTheObjectURLMeansNoSuchObject() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            #expect(try await User.first(in: context, where: \.login == "nobody-here") == nil)
            #expect(try await User.count(in: context, where: \.login == "nobody-here") == 0)
            #expect(server.requests == ["GET /users/nobody-here", "GET /users/nobody-here"])
        }
    }

    @Test func aFullNameIsPathTextAndTheServerRefusesAnEscapedSlash() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport), model: GitHubModel.model)
            let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World"))
            #expect(hello.identifier == 1296269)
            #expect(server.requests == ["GET /repos/octocat/Hello-World"])
            #expect(try await hello.owner?.login == "octocat")

            // GitHub does not decode %2F into a path separator, and neither does the test server.
            let escaped = try #require(URL(string: server.baseURL.absoluteString + "/repos/octocat%2FHello-World"))
            #expect(try await transport.send(HTTPRequest(method: .get, url: escaped)).status == 404)

            let odd = try #require(try await Repository.first(in: context, where: \.fullName == "hubot/café & tools?#100%"))
            #expect(odd.identifier == 3081287)
            #expect(transport.requests.last?.url.path(percentEncoded: true) == "/repos/hubot/caf%C3%A9%20&%20tools%3F%23100%25")
        }
    }

    @Test func anIssueByRepositoryAndNumberGETsItsURLAndLinksItsRepository() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let issue = try #require(try await Issue.first(in: context, where: \.repository.fullName == "octocat/Hello-World" && \.number == 1347))
            #expect(issue.title == "Found a bug")
            #expect(try await issue.repository?.fullName == "octocat/Hello-World")
            #expect(server.requests == ["GET /repos/octocat/Hello-World/issues/1347", "GET /repos/octocat/Hello-World"])
            #expect(try await Issue.first(in: context, where: \.repository.fullName == "octocat/Hello-World" && \.number == 9) == nil)
        }
    }

    @Test func aLabelNameStaysOneSegment() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport), model: GitHubModel.model)
            let docs = try #require(try await Label.first(in: context, where: \.repository.fullName == "octocat/Hello-World" && \.name == "area/docs"))
            #expect(docs.identifier == 208045947 && docs.labelDescription == "Documentation" && !docs.isDefault)
            #expect(transport.requests.first?.url.path(percentEncoded: true) == "/repos/octocat/Hello-World/labels/area%2Fdocs")
            #expect(try await docs.repository?.name == "Hello-World")
        }
    }
}
