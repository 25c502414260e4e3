import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// `GET`s of a URL whose last response carried `ETag` / `Last-Modified` are conditional; a 304 reuses
/// the body and changes nothing; a changed resource comes back whole.
@Suite(.testServerSlot) struct ConditionalRequestTests {
    @Test func aRepeatedListIsAnsweredNotModifiedAndReusesTheBody() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let store = try Stores.github(server, transport: transport, pageSize: 30)
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            let first = try await User.fetch(in: context).map(\.login)
            #expect(transport.requests.last?.headers["If-None-Match"] == nil)
            let second = try await User.fetch(in: context).map(\.login)
            #expect(first == ["octocat", "hubot", "monalisa"] && second == first)
            #expect(transport.requests.last?.headers["If-None-Match"]?.hasPrefix("\"") == true)
            #expect(transport.requests.last?.headers["If-Modified-Since"]?.hasSuffix(" GMT") == true)
            #expect(server.answers.suffix(2) == ["GET /users 200", "GET /users 304"])
            #expect(store.statistics.notModified == 1 && store.statistics.bodiesTransferred == 1)
            #expect(!context.hasChanges)
        }
    }

    @Test func aChangedResourceIsSentWhole() async throws {
        try await withServer(GitHubAPI()) { server in
            let reader = try Stores.github(server, pageSize: 30)
            let readerContext = try ObjectContext(store: reader, model: GitHubModel.model)
            let fetch = { try await Issue.fetch(in: readerContext, where: \.repository.fullName == "octocat/Hello-World") }
            #expect(try await fetch().map(\.title) == ["Found a bug", "Spelling error in the README"])

            let writerContext = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let issue = try #require(try await Issue.first(in: writerContext, where: \.repository.fullName == "octocat/Hello-World"))
            issue.title = "Found two bugs"
            try await writerContext.save()

            let refetched = try await fetch()
            #expect(server.answers.filter { $0.hasPrefix("GET /repos/octocat/Hello-World/issues ") }.last?.hasSuffix(" 200") == true)
            #expect(reader.statistics.notModified == 0)
            #expect(try await reader.snapshots(for: [refetched[0].objectID]).first?.values.contains(.string("Found two bugs")) == true)
        }
    }

    @Test func lastModifiedAloneMakesRequestsConditionalToo() async throws {
        try await withServer(GitHubAPI(), options: ServerOptions(validators: .lastModified)) { server in
            let transport = RecordingTransport()
            let store = try Stores.github(server, transport: transport, pageSize: 30)
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            _ = try await User.fetch(in: context)
            _ = try await User.fetch(in: context)
            #expect(transport.requests.last?.headers["If-None-Match"] == nil)
            #expect(transport.requests.last?.headers["If-Modified-Since"] != nil)
            #expect(server.answers.suffix(1) == ["GET /users 304"])
            #expect(store.statistics.notModified == 1)
        }
    }

    @Test func aZeroCacheSizeTurnsConditionalRequestsOff() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let store = try Stores.github(server, transport: transport, pageSize: 30) { $0.conditionalRequestCacheSize = 0 }
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            _ = try await User.fetch(in: context)
            _ = try await User.fetch(in: context)
            #expect(transport.requests.allSatisfy { $0.headers["If-None-Match"] == nil && $0.headers["If-Modified-Since"] == nil })
            #expect(server.answers == ["GET /users 200", "GET /users 200"])
        }
    }

    @Test func writesAreNeverConditional() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport, pageSize: 30), model: GitHubModel.model)
            let issue = try #require(try await Issue.first(in: context, where: \.repository.fullName == "octocat/Hello-World"))
            issue.title = "Renamed"
            try await context.save()
            let patch = try #require(transport.requests.last { $0.method == .patch })
            #expect(patch.headers["If-None-Match"] == nil && patch.headers["If-Modified-Since"] == nil)
        }
    }
}
