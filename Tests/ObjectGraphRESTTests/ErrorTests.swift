import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// Each failure gives its typed error and changes nothing in the context.
@Suite(.testServerSlot) struct ErrorTests {
    /// octocat fetched and registered; the repositories not loaded yet.
    private func octocat(_ context: ObjectContext) async throws -> User {
        try #require(try await User.first(in: context, where: \.login == "octocat"))
    }

    @Test func notFoundNamesStatusURLAndBody() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let user = try await octocat(context)
            server.inject(.status(404), for: "GET /users/octocat/repos")
            await #expect {
                _ = try await user.repositories
            } throws: { error in
                guard case RESTError.httpStatus(404, "GET", let url, let body) = error else { return false }
                return url.hasSuffix("/users/octocat/repos?page=1&per_page=30") && body.contains("Injected failure")
            }
            #expect(!context.hasChanges)
            server.clearFaults()
            #expect(try await user.repositories.count == 3)
        }
    }

    @Test func serverErrorOnSaveKeepsTheChangesForARetry() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let hello = try #require(try await octocat(context).repositories.first)
            let issue = Issue(context: context, identifier: 0, title: "Retry me")
            issue.setRepository(hello)
            server.inject(.status(500), for: "POST /repos/octocat/Hello-World/issues")
            await #expect {
                try await context.save()
            } throws: { error in
                guard case RESTError.httpStatus(500, "POST", _, let body) = error else { return false }
                return body.contains("Injected failure")
            }
            #expect(context.hasChanges && issue.objectID.isTemporary && issue.title == "Retry me")
            #expect(try await hello.issues.count == 3)
            server.clearFaults()
            try await context.save()
            #expect(!issue.objectID.isTemporary && issue.number == 1349)
        }
    }

    @Test func failedUpdateAfterACreatedInsertDoesNotCreateTwice() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let hello = try #require(try await octocat(context).repositories.first)
            let existing = try #require(try await hello.issues.first)
            existing.title = "Found two bugs"
            let issue = Issue(context: context, identifier: 0, title: "Created once")
            issue.setRepository(hello)
            server.inject(.status(503), for: "PATCH /repos/octocat/Hello-World/issues/1347")
            await #expect(throws: RESTError.self) { try await context.save() }
            #expect(context.hasChanges && issue.objectID.isTemporary)
            server.clearFaults()
            try await context.save()
            #expect(server.requests.filter { $0.hasPrefix("POST") }.count == 1)
            #expect(issue.number == 1349)
        }
    }

    @Test func malformedJSONIsAMalformedDocument() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let user = try await octocat(context)
            server.inject(.body("{\"message\": "), for: "GET /users/octocat/repos")
            await #expect {
                _ = try await user.repositories
            } throws: { error in
                guard case RESTError.malformedDocument(let url, let reason, let excerpt) = error else { return false }
                return url.contains("/users/octocat/repos") && excerpt == "{\"message\": "
                    && reason == "not JSON: the document ends early (truncated?) at $.message (byte 12)"
            }
            #expect(context.registeredObject(for: AnyObjectID(entityName: "Repository", key: .integer(1296269))) == nil)
        }
    }

    @Test func wrongValueTypeNamesEntityKeyAndValue() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, pageSize: 30)
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            let user = try await octocat(context)
            let hello = try #require(try await user.repositories.first)
            await store.clearCache()
            let other = try ObjectContext(store: store, model: GitHubModel.model)
            let again = try await octocat(other)
            server.inject(.body(#"[{"id": 1296269, "name": "Hello-World", "full_name": "octocat/Hello-World", "stargazers_count": "lots"}]"#),
                          for: "GET /users/octocat/repos")
            await #expect(throws: RESTError.typeMismatch(entity: "Repository", key: "stargazers_count", expected: "integer32",
                                                         value: "\"lots\"", url: server.baseURL.absoluteString + "/users/octocat/repos")) {
                _ = try await again.repositories
            }
            server.inject(.body(#"[{"id": 7, "name": "no-full-name"}]"#), for: "GET /users/octocat/repos")
            await #expect(throws: RESTError.missingAttribute(entity: "Repository", attribute: "fullName", key: "full_name", identifier: "7",
                                                             url: server.baseURL.absoluteString + "/users/octocat/repos")) {
                _ = try await again.repositories
            }
            #expect(hello.stargazersCount == 2700 && !context.hasChanges && !other.hasChanges)
        }
    }

    @Test func timeoutIsTimedOut() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server, transport: URLSessionTransport(timeout: 0.5), pageSize: 30)
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            server.inject(.delay(2), for: "GET /users")
            await #expect {
                _ = try await User.fetch(in: context)
            } throws: { error in
                guard case RESTError.timedOut("GET", let url) = error else { return false }
                return url.hasSuffix("/users?page=1&per_page=30")
            }
            #expect(!context.hasChanges)
        }
    }

    @Test func closedConnectionIsAConnectionFailure() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            server.inject(.closeConnection, for: "GET /users")
            await #expect {
                _ = try await User.fetch(in: context)
            } throws: { error in
                guard case RESTError.connectionFailed("GET", _, _) = error else { return false }
                return true
            }
            server.clearFaults()
            #expect(try await User.fetch(in: context).count == 3)
        }
    }

    @Test func changesWithoutARESTShapeAreRefusedBeforeAnyRequest() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let user = try await octocat(context)
            let issue = Issue(context: context, identifier: 0, title: "Orphan")
            let before = server.requests.count
            await #expect {
                try await context.save()
            } throws: { error in
                guard case RESTError.unresolvedPlaceholder("Issue", _, "repository.fullName") = error else { return false }
                return true
            }
            #expect(server.requests.count == before && context.hasChanges)

            // Issue.user has no rest.foreignKey: GitHub sets the author itself, so a save cannot send it.
            issue.setUser(user)
            await #expect {
                try await context.save()
            } throws: { error in
                guard case RESTError.unsupportedChange(let text) = error else { return false }
                return text.contains("Issue.user") && text.contains("rest.foreignKey")
            }
            #expect(server.requests.count == before && context.hasChanges)
        }
    }

    @Test func aRelationshipWithoutAURLIsNotMapped() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server, pageSize: 30), model: GitHubModel.model)
            let user = try await octocat(context)
            await #expect(throws: RESTError.notMapped(entity: "User", reason: "URL (rest.path) for relationship assignedIssues")) {
                _ = try await user.assignedIssues
            }
        }
    }
}
