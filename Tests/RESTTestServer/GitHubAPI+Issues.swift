import Foundation

/// `/repos/{owner}/{repo}/issues` and `/repos/{owner}/{repo}/issues/{number}`.
extension GitHubAPI {
    /// The keys GitHub's "create an issue" takes.
    static let issueCreateKeys: Set<String> = ["title", "body", "assignee", "assignees", "milestone", "labels", "state", "type"]
    /// The keys GitHub's "update an issue" takes.
    static let issueUpdateKeys = issueCreateKeys.union(["state_reason"])

    func issues(_ request: ServerRequest, repository: String) -> ServerResponse {
        switch request.method {
        case "GET":
            let wanted = request.query["state"].flatMap { $0 == "all" ? nil : $0 }
            let issues = state.withLock { $0.issues.filter { $0.repository == repository && (wanted ?? $0.state) == $0.state } }
            return page(issues.map(\.json), of: request)
        case "POST":
            let body = request.jsonObject
            if let rejection = GitHubValidation.rejectingUnknownKeys(body, permitted: Self.issueCreateKeys) { return rejection }
            guard let body, let title = body["title"] as? String, !title.isEmpty else {
                return GitHubValidation.failed(resource: "Issue", field: "title", code: "missing_field")
            }
            let stamp = now()
            let created = state.withLock { state -> GitHubIssue in
                let number = (state.issues.filter { $0.repository == repository }.map(\.number).max() ?? 0) + 1
                let issue = GitHubIssue(id: state.nextIssueID, number: number, repository: repository, title: title,
                                        body: body["body"] as? String, state: "open", user: GitHubFixtures.octocat,
                                        assignee: (body["assignee"] as? String).flatMap(user), labels: [],
                                        createdAt: stamp, updatedAt: stamp, closedAt: nil)
                state.nextIssueID += 1
                state.issues.append(issue)
                return issue
            }
            return .json(created.json, status: 201)
        default:
            return .error(405, "Method Not Allowed")
        }
    }

    func issue(_ request: ServerRequest, repository: String, number: String) -> ServerResponse {
        let stamp = now()
        return state.withLock { state in
            guard let index = state.issues.firstIndex(where: { $0.repository == repository && String($0.number) == number }) else {
                return .notFound
            }
            switch request.method {
            case "GET":
                return .json(state.issues[index].json)
            case "PATCH":
                let body = request.jsonObject
                if let rejection = GitHubValidation.rejectingUnknownKeys(body, permitted: Self.issueUpdateKeys) { return rejection }
                guard let body else { return .error(400, "Problems parsing JSON") }
                var issue = state.issues[index]
                if let title = body["title"] as? String { issue.title = title }
                if body.keys.contains("body") { issue.body = body["body"] as? String }
                if let newState = body["state"] as? String {
                    guard newState == "open" || newState == "closed" else {
                        return GitHubValidation.failed(resource: "Issue", field: "state", code: "invalid")
                    }
                    issue.closedAt = newState == "closed" ? stamp : nil
                    issue.state = newState
                }
                if body.keys.contains("assignee") { issue.assignee = (body["assignee"] as? String).flatMap(user) }
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
}
