// Uses the generated code checked in under Examples/ExampleModels/Generated (written by
// `swift package --allow-writing-to-package-directory generate-models --target ExampleModels`, verified in CI
// by `modelgen generate --in-target Examples/ExampleModels --output Examples/ExampleModels/Generated --check`).
import ExampleModels
import ExampleSupport
import Foundation
import ObjectGraph

// A fresh SQLite file (or the path given as the argument); --in-memory for InMemoryStore.
let store = try await exampleStore(for: GitHubModel.model, name: "github-example")
let context = try ObjectContext(store: store, model: GitHubModel.model)

let owner = User(context: context, identifier: 1, login: "octocat")
owner.name = "The Octocat"
let repository = Repository(context: context, fullName: "octocat/Hello-World", identifier: 1296269, name: "Hello-World")
repository.language = "Swift"
repository.setOwner(owner)
for (number, title) in ["Found a bug", "Add a README", "Crash on launch"].enumerated() {
    let issue = Issue(context: context, identifier: Int64(1000 + number), title: title)
    issue.number = Int64(number + 1)
    issue.state = number == 1 ? "closed" : "open"
    issue.setUser(owner)
    repository.addToIssues(issue)
}
try await context.save()

let reader = try ObjectContext(store: store, model: GitHubModel.model)
let repositories = try await Repository.fetchReposNamed(in: reader, name: "Hello-World")
for repository in repositories {
    let ownerLogin = try await repository.owner?.login ?? "?"
    print("\(repository.fullName) (\(repository.language ?? "no language")) by \(ownerLogin)")
}
let open = try await Issue.fetchOpenIssues(in: reader, fullName: "octocat/Hello-World")
print("open issues: \(open.sorted { $0.number < $1.number }.map { "#\($0.number) \($0.title)" })")
let users = try await User.fetchUsersWithLogin(in: reader, login: "OctoCat")
print("users with login octocat (case-insensitive): \(users.map(\.login))")
