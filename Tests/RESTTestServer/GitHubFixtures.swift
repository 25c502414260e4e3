import Foundation

/// A GitHub user as the fake API keeps it.
struct GitHubUser: Sendable {
    let id: Int
    let login: String
    let name: String?
    let company: String?

    /// The "simple user" object GitHub nests in repositories and issues.
    var simpleJSON: [String: Any] {
        [
            "login": login, "id": id, "node_id": "MDQ6VXNlcj\(id)", "avatar_url": "https://avatars.githubusercontent.com/u/\(id)?v=4",
            "gravatar_id": "", "url": "https://api.github.com/users/\(login)", "html_url": "https://github.com/\(login)",
            "repos_url": "https://api.github.com/users/\(login)/repos", "type": "User", "site_admin": false,
        ]
    }

    /// The full user of `GET /users/{username}`.
    var json: [String: Any] {
        simpleJSON.merging(["name": name ?? NSNull(), "company": company ?? NSNull(), "public_repos": 2]) { $1 }
    }
}

/// A repository as the fake API keeps it.
struct GitHubRepository: Sendable {
    let id: Int
    let name: String
    let owner: GitHubUser
    let description: String?
    let language: String?
    let stargazers: Int
    var openIssues: Int

    var fullName: String { "\(owner.login)/\(name)" }

    var json: [String: Any] {
        [
            "id": id, "node_id": "MDEwOlJlcG9zaXRvcnkx\(id)", "name": name, "full_name": fullName, "private": false,
            "owner": owner.simpleJSON, "html_url": "https://github.com/\(fullName)", "description": description ?? NSNull(),
            "fork": false, "url": "https://api.github.com/repos/\(fullName)", "language": language ?? NSNull(),
            "stargazers_count": stargazers, "watchers_count": stargazers, "open_issues_count": openIssues,
            "pushed_at": "2011-01-26T19:06:43Z", "created_at": "2011-01-26T19:01:12Z", "updated_at": "2011-01-26T19:14:43Z",
        ]
    }
}

/// An issue as the fake API keeps it.
struct GitHubIssue: Sendable {
    let id: Int
    let number: Int
    let repository: String
    var title: String
    var body: String?
    var state: String
    let user: GitHubUser
    var assignee: GitHubUser?
    var labels: [GitHubLabel]
    let createdAt: String
    var updatedAt: String
    var closedAt: String?

    var json: [String: Any] {
        [
            "id": id, "node_id": "MDU6SXNzdWUx\(id)", "url": "https://api.github.com/repos/\(repository)/issues/\(number)",
            "repository_url": "https://api.github.com/repos/\(repository)", "html_url": "https://github.com/\(repository)/issues/\(number)",
            "number": number, "state": state, "title": title, "body": body ?? NSNull(), "user": user.simpleJSON,
            "labels": labels.map(\.json), "assignee": assignee?.simpleJSON ?? NSNull(), "assignees": assignee.map { [$0.simpleJSON] } ?? [],
            "comments": 0, "created_at": createdAt, "updated_at": updatedAt, "closed_at": closedAt ?? NSNull(),
        ]
    }
}

/// A label of a repository.
struct GitHubLabel: Sendable {
    let id: Int
    let repository: String
    var name: String
    var color: String
    var description: String?
    let isDefault: Bool

    var json: [String: Any] {
        let escaped = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        return [
            "id": id, "node_id": "MDU6TGFiZWw\(id)", "url": "https://api.github.com/repos/\(repository)/labels/\(escaped)",
            "name": name, "description": description ?? NSNull(), "color": color, "default": isDefault,
        ]
    }
}

enum GitHubFixtures {
    static let octocat = GitHubUser(id: 583231, login: "octocat", name: "The Octocat", company: "@github")
    static let hubot = GitHubUser(id: 480938, login: "hubot", name: "Hubot", company: nil)
    static let monalisa = GitHubUser(id: 2, login: "monalisa", name: "Mona Lisa Octocat", company: nil)
    static let users = [octocat, hubot, monalisa]

    static let repositories = [
        GitHubRepository(id: 1296269, name: "Hello-World", owner: octocat, description: "My first repository on GitHub!",
                         language: nil, stargazers: 2700, openIssues: 2),
        GitHubRepository(id: 1300192, name: "Spoon-Knife", owner: octocat, description: "This repo is for demonstration purposes only.",
                         language: "HTML", stargazers: 12000, openIssues: 0),
        GitHubRepository(id: 17881631, name: "linguist", owner: octocat, description: nil, language: "Ruby", stargazers: 11, openIssues: 0),
        GitHubRepository(id: 3081286, name: "hubot-scripts", owner: hubot, description: "optional scripts", language: "CoffeeScript",
                         stargazers: 3500, openIssues: 0),
        GitHubRepository(id: 3081287, name: "café & tools?#100%", owner: hubot, description: "a name that needs escaping",
                         language: nil, stargazers: 1, openIssues: 1),
    ]

    static let bug = GitHubLabel(id: 208045946, repository: "octocat/Hello-World", name: "bug", color: "f29513",
                                 description: "Something isn't working", isDefault: true)
    static let docs = GitHubLabel(id: 208045947, repository: "octocat/Hello-World", name: "area/docs", color: "0075ca",
                                  description: "Documentation", isDefault: false)
    static let enhancement = GitHubLabel(id: 208045948, repository: "octocat/Hello-World", name: "enhancement", color: "a2eeef",
                                         description: "New feature or request", isDefault: true)
    static let labels = [bug, docs, enhancement]

    static let issues = [
        GitHubIssue(id: 1, number: 1347, repository: "octocat/Hello-World", title: "Found a bug", body: "I'm having a problem with this.",
                    state: "open", user: octocat, assignee: hubot, labels: [bug, docs], createdAt: "2011-04-22T13:33:48Z",
                    updatedAt: "2011-04-22T13:33:48Z", closedAt: nil),
        GitHubIssue(id: 2, number: 1348, repository: "octocat/Hello-World", title: "Spelling error in the README", body: nil,
                    state: "open", user: hubot, assignee: nil, labels: [], createdAt: "2011-04-23T10:00:00Z",
                    updatedAt: "2011-04-23T10:00:00Z", closedAt: nil),
        GitHubIssue(id: 3, number: 1, repository: "hubot/café & tools?#100%", title: "Escape me", body: nil,
                    state: "open", user: hubot, assignee: nil, labels: [], createdAt: "2012-01-01T10:00:00Z",
                    updatedAt: "2012-01-01T10:00:00Z", closedAt: nil),
        GitHubIssue(id: 4, number: 2, repository: "hubot/café & tools?#100%", title: "Escaped", body: nil,
                    state: "closed", user: hubot, assignee: nil, labels: [], createdAt: "2012-01-02T10:00:00Z",
                    updatedAt: "2012-01-03T10:00:00Z", closedAt: "2012-01-03T10:00:00Z"),
    ]
}
