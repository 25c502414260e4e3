import Foundation
import Synchronization

/// A GitHub-like API: users, repositories with nested owners, issues with nested user and assignee, and
/// create/edit/delete of issues; lists are paged with `page`/`per_page` and `Link` headers.
///
/// Routes: `GET /users`, `GET /users/{login}`, `GET /users/{login}/repos`, `GET /repositories`,
/// `GET /repos/{owner}/{repo}`, `GET|POST /repos/{owner}/{repo}/issues` (`?state=open|closed|all` filters),
/// `GET|PATCH|DELETE /repos/{owner}/{repo}/issues/{number}`. The full name may also come as one
/// escaped segment (`octocat%2FHello-World`).
public final class GitHubAPI: TestAPI {
    private struct State {
        var issues = GitHubFixtures.issues
        var nextIssueID = 100
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> String

    /// Creates the API with its fixture users, repositories and issues; `now` stamps changes.
    public init(now: @escaping @Sendable () -> String = { Date().formatted(.iso8601) }) {
        self.now = now
    }

    /// Routes a request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        let segments = Self.joiningFullName(request.segments)
        switch (request.method, segments.count, segments.first) {
        case ("GET", 1, "users"):
            return page(GitHubFixtures.users.map(\.json), of: request)
        case ("GET", 2, "users"):
            return user(segments[1]).map { .json($0.json) } ?? .notFound
        case ("GET", 3, "users") where segments[2] == "repos":
            guard user(segments[1]) != nil else { return .notFound }
            return page(GitHubFixtures.repositories.filter { $0.owner.login == segments[1] }.map(\.json), of: request)
        case ("GET", 1, "repositories"):
            return page(GitHubFixtures.repositories.map(\.json), of: request)
        case ("GET", 2, "repos"):
            return GitHubFixtures.repositories.first { $0.fullName == segments[1] }.map { .json($0.json) } ?? .notFound
        case (_, 3, "repos") where segments[2] == "issues":
            return issues(request, repository: segments[1])
        case (_, 4, "repos") where segments[2] == "issues":
            return issue(request, repository: segments[1], number: segments[3])
        default:
            return .notFound
        }
    }

    /// `["repos", "octocat", "Hello-World", …]` and `["repos", "octocat/Hello-World", …]` both give the latter.
    private static func joiningFullName(_ segments: [String]) -> [String] {
        guard segments.first == "repos", segments.count >= 3, !segments[1].contains("/") else { return segments }
        return ["repos", segments[1] + "/" + segments[2]] + segments.dropFirst(3)
    }

    private func user(_ login: String) -> GitHubUser? {
        GitHubFixtures.users.first { $0.login == login }
    }

    private func issues(_ request: ServerRequest, repository: String) -> ServerResponse {
        guard GitHubFixtures.repositories.contains(where: { $0.fullName == repository }) else { return .notFound }
        switch request.method {
        case "GET":
            let wanted = request.query["state"].flatMap { $0 == "all" ? nil : $0 }
            let issues = state.withLock { $0.issues.filter { $0.repository == repository && (wanted ?? $0.state) == $0.state } }
            return page(issues.map(\.json), of: request)
        case "POST":
            guard let body = request.jsonObject, let title = body["title"] as? String, !title.isEmpty else {
                return .error(422, "Validation Failed: title is required")
            }
            let stamp = now()
            let created = state.withLock { state -> GitHubIssue in
                let number = (state.issues.filter { $0.repository == repository }.map(\.number).max() ?? 0) + 1
                let issue = GitHubIssue(id: state.nextIssueID, number: number, repository: repository, title: title,
                                        body: body["body"] as? String, state: "open", user: GitHubFixtures.octocat,
                                        assignee: assignee(in: body), createdAt: stamp, updatedAt: stamp, closedAt: nil)
                state.nextIssueID += 1
                state.issues.append(issue)
                return issue
            }
            return .json(created.json, status: 201)
        default:
            return .error(405, "Method Not Allowed")
        }
    }

    private func issue(_ request: ServerRequest, repository: String, number: String) -> ServerResponse {
        let stamp = now()
        return state.withLock { state in
            guard let index = state.issues.firstIndex(where: { $0.repository == repository && String($0.number) == number }) else {
                return .notFound
            }
            switch request.method {
            case "GET":
                return .json(state.issues[index].json)
            case "PATCH":
                guard let body = request.jsonObject else { return .error(400, "Problems parsing JSON") }
                var issue = state.issues[index]
                if let title = body["title"] as? String { issue.title = title }
                if body.keys.contains("body") { issue.body = body["body"] as? String }
                if let newState = body["state"] as? String {
                    guard newState == "open" || newState == "closed" else { return .error(422, "Validation Failed: state") }
                    issue.closedAt = newState == "closed" ? stamp : nil
                    issue.state = newState
                }
                if body.keys.contains("assignee_id") { issue.assignee = assignee(in: body) }
                issue.updatedAt = stamp
                state.issues[index] = issue
                return .json(issue.json)
            case "DELETE":
                state.issues.remove(at: index)
                return ServerResponse(status: 204)
            default:
                return .error(405, "Method Not Allowed")
            }
        }
    }

    private func assignee(in body: [String: Any]) -> GitHubUser? {
        guard let id = body["assignee_id"] as? Int else { return nil }
        return GitHubFixtures.users.first { $0.id == id }
    }
}
