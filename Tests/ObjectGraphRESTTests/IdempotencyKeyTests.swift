import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// Every `POST` carries an idempotency key, the same for every retry of the same new object, so a save
/// retried after a lost response creates the object once on a server that honours the key.
@Suite(.testServerSlot) struct IdempotencyKeyTests {
    /// A new issue in octocat/Hello-World, in a context over `store`.
    private func newIssue(_ store: RESTStore, title: String) async throws -> (ObjectContext, ExampleModels.Issue) {
        let context = try ObjectContext(store: store, model: GitHubModel.model)
        let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World"))
        let issue = Issue(context: context, identifier: 0, title: title)
        issue.setRepository(hello)
        return (context, issue)
    }

    /// The titles of the issues the server has in octocat/Hello-World.
    private func serverTitles(_ server: TestServer) async throws -> [String] {
        let context = try ObjectContext(store: try Stores.github(server, pageSize: 100), model: GitHubModel.model)
        return try await Issue.fetch(in: context, where: \.repository.fullName == "octocat/Hello-World").map(\.title)
    }

    @Test func aSaveRetriedAfterALostResponseCreatesTheObjectOnce() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let store = try Stores.github(server, transport: transport, pageSize: 30)
            let (context, issue) = try await newIssue(store, title: "Exactly once")
            server.inject(.loseResponse, for: "POST /repos/octocat/Hello-World/issues", times: 1)
            await #expect {
                try await context.save()
            } throws: { error in
                guard case RESTError.connectionFailed("POST", _, _) = error else { return false }
                return true
            }
            #expect(context.hasChanges)
            try await context.save()
            let posts = transport.requests.filter { $0.method == .post }
            #expect(posts.count == 2)
            let key = try #require(posts[0].headers["Idempotency-Key"])
            #expect(posts[1].headers["Idempotency-Key"] == key)
            #expect(try await serverTitles(server).filter { $0 == "Exactly once" }.count == 1)
            #expect(issue.number > 0 && !context.hasChanges)
        }
    }

    @Test func keyedPOSTsAreRetriedWhenThePolicySaysTheServerHonoursKeys() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) {
                $0.retry = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(10), retriesKeyedPOSTs: true)
            }
            let (context, _) = try await newIssue(store, title: "Retried within the save")
            server.inject(.loseResponse, for: "POST /repos/octocat/Hello-World/issues", times: 1)
            try await context.save()
            #expect(store.statistics.retries == 1)
            #expect(try await serverTitles(server).filter { $0 == "Retried within the save" }.count == 1)
        }
    }

    @Test func differentNewObjectsHaveDifferentKeysAndNoKeyWhenTurnedOff() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let store = try Stores.github(server, transport: transport, pageSize: 30)
            let (context, issue) = try await newIssue(store, title: "One")
            let two = Issue(context: context, identifier: 0, title: "Two")
            two.setRepository(try await issue.repository)
            try await context.save()
            let keys = transport.requests.filter { $0.method == .post }.compactMap { $0.headers["Idempotency-Key"] }
            #expect(keys.count == 2 && Set(keys).count == 2)

            let plain = RecordingTransport()
            let (other, _) = try await newIssue(try Stores.github(server, transport: plain, pageSize: 30) { $0.idempotencyKeyHeader = nil },
                                                title: "Three")
            try await other.save()
            #expect(plain.requests.filter { $0.method == .post }.allSatisfy { $0.headers["Idempotency-Key"] == nil })
        }
    }

    @Test func theTestServerRefusesAKeyReusedForAnotherRequest() async throws {
        try await withServer(GitHubAPI()) { server in
            let url = server.baseURL.appending(path: "repos/octocat/Hello-World/issues")
            func post(_ title: String) async throws -> HTTPResponse {
                try await URLSessionTransport(timeout: 60).send(HTTPRequest(
                    method: .post, url: url, headers: ["Idempotency-Key": "k1", "Content-Type": "application/json"],
                    body: Data(#"{"title": "\#(title)"}"#.utf8)))
            }
            let first = try await post("A")
            let replay = try await post("A")
            #expect(first.status == 201 && replay.status == 201 && replay.body == first.body)
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(try await post("B").status == 422)
            #expect(try await serverTitles(server).filter { $0 == "A" }.count == 1)
        }
    }

    @Test func aRefusedPOSTGetsANewKeySoTheEditedRetryIsNotARepeat() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport), model: GitHubModel.model)
            let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World"))
            let duplicate = Label(context: context, identifier: 0, name: "Bug")
            hello.addToLabels(duplicate)
            await #expect(throws: RESTError.self) { try await context.save() }
            duplicate.name = "bug, but different"
            try await context.save()
            let keys = transport.requests.filter { $0.method == .post }.compactMap { $0.headers["Idempotency-Key"] }
            #expect(keys.count == 2 && keys[0] != keys[1])
        }
    }
}
