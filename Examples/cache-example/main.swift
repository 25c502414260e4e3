// Walks the GitHub-like test API through a CachingStore, goes offline (the local test server stops),
// keeps reading from the cache, creates and edits issues offline, comes back online and shows the outbox
// replaying. The server runs on 127.0.0.1 (no network needed). `swift run cache-example`
import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphREST
import ExampleModels
import RESTTestServer

/// Octocat's repositories and Hello-World's issues, as a context sees them.
func walk(_ context: ObjectContext) async throws -> Repository? {
    guard let octocat = try await User.first(in: context, where: \.login == "octocat") else { return nil }
    let repositories = try await octocat.repositories
    print("  \(octocat.login): \(repositories.map(\.fullName).joined(separator: ", "))")
    let hello = repositories.first { $0.fullName == "octocat/Hello-World" }
    for issue in try await hello?.issues ?? [] {
        print("    #\(issue.number) \(issue.title) [\(issue.state)] by \(try await issue.user?.login ?? "?") — \(issue.objectID)")
    }
    return hello
}

let api = GitHubAPI()
var server = try await TestServer.start(api)
let port = UInt16(server.baseURL.port ?? 0)
let directory = FileManager.default.temporaryDirectory.appending(path: "cache-example-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

var configuration = RESTStore.Configuration(pagination: RESTPagination(style: .page(page: "page", size: "per_page"), pageSize: 30))
configuration.retry = .none
let remote = try RESTStore(model: GitHubModel.model.schema, baseURL: server.baseURL, configuration: configuration)
let store = try await CachingStore(remote: remote, cache: .file(directory.appending(path: "github-cache.sqlite").path()),
                                   configuration: .init(policy: .networkFirst, initialReplayDelay: .milliseconds(200)))

print("Online, GitHub-like API at \(server.baseURL):")
_ = try await walk(try ObjectContext(store: store, model: GitHubModel.model))
print("  \(server.requests.count) requests, \(await store.cachedObjectCount) objects cached")

await server.stop()
print("\nOffline (the server stopped); the same walk in a new context, from the cache:")
let context = try ObjectContext(store: store, model: GitHubModel.model)
guard let hello = try await walk(context) else { fatalError("Hello-World is not cached") }

let issue = Issue(context: context, identifier: 0, title: "Written offline")
issue.body = "Saved while the server was down."
hello.addToIssues(issue)
try await context.save()
let first = try await hello.issues.first { $0.number == 1347 }
first?.title = "Found a bug (edited offline)"
try await context.save()
print("  created \(issue.objectID) and edited #1347; \(await store.outboxEntries.count) saves wait in the outbox:")
for entry in await store.outboxEntries {
    print("    #\(entry.sequence): \(entry.changes.inserted.count) inserted, \(entry.changes.updated.count) updated")
}
print("  Hello-World's issues offline:")
_ = try await walk(try ObjectContext(store: store, model: GitHubModel.model))

server = try await TestServer.start(api, port: port)
print("\nOnline again at \(server.baseURL); the outbox replays:")
await store.waitForOutbox()
for request in server.requests { print("  \(request)") }
try await context.mergeChanges()
print("  \(issue.objectID) is #\(issue.number) on the server, state \(issue.state), created \(issue.createdAt?.formatted(.iso8601) ?? "?")")
print("  \(await store.outboxEntries.count) saves wait")
await server.stop()
