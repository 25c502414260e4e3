import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// Idempotent requests are retried after passing failures; `POST` and `PATCH` never are; an exhausted
/// rate limit holds requests back before they are sent, or fails them at once when the wait is too long.
@Suite(.testServerSlot) struct RetryAndRateLimitTests {
    /// Retries without real waiting.
    private static let quick = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(40))

    @Test func aGETIsRetriedAfterServerErrorsAndSucceeds() async throws {
        try await withServer(GitHubAPI()) { server in
            server.inject(.status(503), for: "GET /users", times: 2)
            let store = try Stores.github(server, pageSize: 30) { $0.retry = Self.quick }
            let users = try await User.fetch(in: try ObjectContext(store: store, model: GitHubModel.model))
            #expect(users.count == 3)
            #expect(server.answers == ["GET /users 503", "GET /users 503", "GET /users 200"])
            #expect(store.statistics.retries == 2 && store.statistics.requests == 3)
        }
    }

    @Test func aGETIsRetriedAfterADroppedConnection() async throws {
        try await withServer(GitHubAPI()) { server in
            server.inject(.closeConnection, for: "GET /users", times: 1)
            let store = try Stores.github(server, pageSize: 30) { $0.retry = Self.quick }
            #expect(try await User.fetch(in: try ObjectContext(store: store, model: GitHubModel.model)).count == 3)
            #expect(store.statistics.retries == 1)
        }
    }

    @Test func attemptsAreBoundedAndTheLastErrorIsThrown() async throws {
        try await withServer(GitHubAPI()) { server in
            server.inject(.status(500), for: "GET /users")
            let store = try Stores.github(server, pageSize: 30) { $0.retry = Self.quick }
            await #expect {
                _ = try await User.fetch(in: try ObjectContext(store: store, model: GitHubModel.model))
            } throws: { error in
                guard case RESTError.httpStatus(500, "GET", _, _) = error else { return false }
                return true
            }
            #expect(server.requests == ["GET /users", "GET /users", "GET /users"])
        }
    }

    @Test func statusesOutsideThePolicyAreNotRetried() async throws {
        try await withServer(GitHubAPI()) { server in
            server.inject(.status(404), for: "GET /users")
            let store = try Stores.github(server, pageSize: 30) { $0.retry = Self.quick }
            await #expect(throws: RESTError.self) {
                _ = try await User.fetch(in: try ObjectContext(store: store, model: GitHubModel.model))
            }
            #expect(server.requests == ["GET /users"] && store.statistics.retries == 0)
        }
    }

    @Test func aPOSTIsNeverRetriedAndTheContextKeepsItsChanges() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) { $0.retry = Self.quick }
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World"))
            let issue = Issue(context: context, identifier: 0, title: "Once only")
            issue.setRepository(hello)
            server.inject(.status(503), for: "POST /repos/octocat/Hello-World/issues", times: 1)
            await #expect {
                try await context.save()
            } throws: { error in
                guard case RESTError.httpStatus(503, "POST", _, _) = error else { return false }
                return true
            }
            #expect(server.requests.filter { $0.hasPrefix("POST") }.count == 1 && context.hasChanges)
            try await context.save()
            #expect(server.requests.filter { $0.hasPrefix("POST") }.count == 2 && !context.hasChanges)
        }
    }

    @Test func retryAfterOnA429IsHonouredBeforeTheNextAttempt() async throws {
        try await withServer(GitHubAPI()) { server in
            server.inject(.refusal(status: 429, headers: ["Retry-After": "1"]), for: "GET /users", times: 1)
            let store = try Stores.github(server, pageSize: 30) { $0.retry = Self.quick }
            let started = ContinuousClock.now
            #expect(try await User.fetch(in: try ObjectContext(store: store, model: GitHubModel.model)).count == 3)
            // The retry waited for the server's second rather than the policy's 10 ms.
            #expect(started.duration(to: .now) >= .milliseconds(900))
            #expect(server.answers == ["GET /users 429", "GET /users 200"])
        }
    }

    @Test func anExhaustedRateLimitHoldsTheNextRequestUntilTheReset() async throws {
        try await withServer(GitHubAPI(), options: ServerOptions(validators: .none, rateLimit: RateLimit(limit: 2, window: 1))) { server in
            let store = try Stores.github(server, pageSize: 30) { $0.retry = .none }
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            for _ in 0..<5 { #expect(try await User.fetch(in: context).count == 3) }
            // The client saw `X-RateLimit-Remaining: 0` and waited for the reset: the server refused nothing.
            #expect(server.answers == Array(repeating: "GET /users 200", count: 5))
        }
    }

    @Test func aWaitLongerThanAllowedFailsAtOnceWithoutSending() async throws {
        try await withServer(GitHubAPI(), options: ServerOptions(validators: .none, rateLimit: RateLimit(limit: 1, window: 30))) { server in
            let store = try Stores.github(server, pageSize: 30) { configuration in
                configuration.retry = .none
                configuration.maximumRateLimitWait = .milliseconds(100)
            }
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            _ = try await User.fetch(in: context)
            await #expect {
                _ = try await User.fetch(in: context)
            } throws: { error in
                guard case RESTError.rateLimited("GET", let url, let retryAfter) = error else { return false }
                return url.hasSuffix("/users?page=1&per_page=30") && retryAfter > 1 && retryAfter <= 31
            }
            #expect(server.requests == ["GET /users"])
        }
    }

    @Test func aRateLimitRefusalOfAWriteIsRateLimited() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) { configuration in
                configuration.retry = Self.quick
                configuration.maximumRateLimitWait = .milliseconds(100)
            }
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            let issue = try #require(try await Issue.first(in: context, where: \.repository.fullName == "octocat/Hello-World"))
            issue.title = "Later"
            let reset = String(Int(Date().timeIntervalSince1970) + 60)
            server.inject(.refusal(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset]),
                          for: "PATCH /repos/octocat/Hello-World/issues/1347", times: 1)
            await #expect {
                try await context.save()
            } throws: { error in
                guard case RESTError.rateLimited("PATCH", _, let retryAfter) = error else { return false }
                return retryAfter > 50
            }
            #expect(context.hasChanges && server.requests.filter { $0.hasPrefix("PATCH") }.count == 1)
        }
    }

    @Test func configuredAndProvidedHeadersTravelWithEveryRequest() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let store = try Stores.github(server, transport: transport, pageSize: 30) { configuration in
                configuration.headers = ["Authorization": "Bearer old", "X-GitHub-Api-Version": "2022-11-28"]
                configuration.headerProvider = { ["Authorization": "Bearer fresh"] }
            }
            _ = try await User.fetch(in: try ObjectContext(store: store, model: GitHubModel.model))
            let sent = try #require(transport.requests.first)
            #expect(sent.headers["Authorization"] == "Bearer fresh")
            #expect(sent.headers["X-GitHub-Api-Version"] == "2022-11-28")
            #expect(sent.headers["Accept"] == "application/json")
        }
    }

    @Test func aFailingHeaderProviderFailsTheRequestBeforeItIsSent() async throws {
        struct Expired: Error {}
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30) { $0.headerProvider = { throw Expired() } }
            await #expect(throws: Expired.self) {
                _ = try await User.fetch(in: try ObjectContext(store: store, model: GitHubModel.model))
            }
            #expect(server.requests.isEmpty)
        }
    }
}
