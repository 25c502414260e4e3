import Foundation
import Synchronization

/// A GitHub-like API, as strict as GitHub where the store could go wrong: users, repositories with
/// nested owners, issues with nested user, assignee and labels, and create/edit/delete of issues and
/// labels; lists are paged with `page`/`per_page` and `Link` headers.
///
/// Routes: `GET /users`, `GET /users/{login}`, `GET /users/{login}/repos`, `GET /repositories`,
/// `GET /repos/{owner}/{repo}`, `GET|POST /repos/{owner}/{repo}/issues` (`?state=open|closed|all` filters),
/// `GET|PATCH|DELETE /repos/{owner}/{repo}/issues/{number}`, `GET|POST /repos/{owner}/{repo}/labels`,
/// `GET|PATCH|DELETE /repos/{owner}/{repo}/labels/{name}`.
///
/// As on GitHub:
/// - the path is split at `/` before each segment is percent-decoded, so `/repos/octocat%2FHello-World`
///   is one segment and answers 404, while a label name may hold an escaped `/` (`/labels/a%2Fb`);
/// - a write body with a key the endpoint does not take answers 422 `Invalid request. "key" is not a
///   permitted key.` (labels rename with `new_name`; server-owned fields such as `id`, `html_url`,
///   `created_at` or `number` are not permitted);
/// - a missing or taken value answers 422 `Validation Failed` with `errors` of `resource`, `field`, `code`;
/// - deleting a label removes it from every issue.
public final class GitHubAPI: TestAPI {
    struct State {
        var issues = GitHubFixtures.issues
        var labels = GitHubFixtures.labels
        var nextIssueID = 100
        var nextLabelID = 900
    }

    let state = Mutex(State())
    let now: @Sendable () -> String

    /// Creates the API with its fixture users, repositories, issues and labels; `now` stamps changes.
    public init(now: @escaping @Sendable () -> String = { Date().formatted(.iso8601) }) {
        self.now = now
    }

    /// Routes a request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        let segments = request.segments
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
        case (_, 3..., "repos"):
            let fullName = segments[1] + "/" + segments[2]
            guard !segments[1].contains("/"), !segments[2].contains("/"),
                  let repository = GitHubFixtures.repositories.first(where: { $0.fullName == fullName }) else { return .notFound }
            return respond(to: request, in: repository, path: Array(segments.dropFirst(3)))
        default:
            return .notFound
        }
    }

    private func respond(to request: ServerRequest, in repository: GitHubRepository, path: [String]) -> ServerResponse {
        switch (request.method, path.count, path.first) {
        case ("GET", 0, _):
            return .json(repository.json)
        case (_, 1, "issues"):
            return issues(request, repository: repository.fullName)
        case (_, 2, "issues"):
            return issue(request, repository: repository.fullName, number: path[1])
        case (_, 1, "labels"):
            return labels(request, repository: repository.fullName)
        case (_, 2, "labels"):
            return label(request, repository: repository.fullName, name: path[1])
        default:
            return .notFound
        }
    }

    func user(_ login: String) -> GitHubUser? {
        GitHubFixtures.users.first { $0.login == login }
    }
}
