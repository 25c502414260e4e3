// Walks a Bandcamp-like and a GitHub-like API through RESTStore, against a local test server this
// program starts on 127.0.0.1 (no network needed). `swift run rest-example`
import Foundation
import ObjectGraph
import ObjectGraphREST
import ExampleModels
import RESTTestServer

/// Finds the band "Low" and reads every album's tracks; returns the number of tracks.
func walkBandcamp(_ context: ObjectContext, prefetching: Bool, print show: Bool) async throws -> Int {
    var request = FetchRequest<Band.Fields>(where: \.name == "Low")
    if prefetching { request.prefetching = [["discography", "tracks"]] }
    var trackCount = 0
    for band in try await context.fetch(request) {
        if show { print("\(band.name) — \(band.url?.absoluteString ?? "")") }
        for album in try await band.discography {
            let tracks = try await album.tracks
            trackCount += tracks.count
            if show {
                let year = album.releaseDate.map { Calendar(identifier: .gregorian).component(.year, from: $0) }
                let minutes = Int(tracks.map(\.duration).reduce(0, +) / 60)
                print("  \(album.title) (\(year.map(String.init) ?? "?")): \(tracks.count) tracks, \(minutes) min")
            }
        }
    }
    return trackCount
}

/// One walk with a new store, and what it cost.
func measureBandcamp(on server: TestServer, prefetching: Bool, print show: Bool = false) async throws -> (requests: Int, seconds: Double, tracks: Int) {
    let store = try RESTStore(model: BandcampModel.model.schema, baseURL: server.baseURL,
                              configuration: .init(queryParameters: ["Band": ["name": "name"]]))
    let context = try ObjectContext(store: store, model: BandcampModel.model)
    let clock = ContinuousClock()
    var tracks = 0
    let elapsed = try await clock.measure { tracks = try await walkBandcamp(context, prefetching: prefetching, print: show) }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (store.requestCount, seconds, tracks)
}

func bandcamp() async throws {
    let server = try await TestServer.start(BandcampAPI(albumCount: 10, tracksPerAlbum: 10))
    defer { Task { await server.stop() } }
    print("Bandcamp-like API at \(server.baseURL)")
    _ = try await measureBandcamp(on: server, prefetching: false, print: true)
    for prefetching in [false, true] {
        var best = Double.infinity
        var requests = 0
        var tracks = 0
        for _ in 0..<5 {
            let run = try await measureBandcamp(on: server, prefetching: prefetching)
            best = min(best, run.seconds)
            (requests, tracks) = (run.requests, run.tracks)
        }
        print(String(format: "walk %@ prefetching: %d HTTP requests, %d tracks, best of 5: %.1f ms",
                     prefetching ? "with" : "without", requests, tracks, best * 1000))
    }
}

func github() async throws {
    let server = try await TestServer.start(GitHubAPI())
    defer { Task { await server.stop() } }
    print("\nGitHub-like API at \(server.baseURL)")
    let store = try RESTStore(model: GitHubModel.model.schema, baseURL: server.baseURL, configuration: .init(
        pagination: RESTPagination(style: .page(page: "page", size: "per_page"), pageSize: 2)))
    let context = try ObjectContext(store: store, model: GitHubModel.model)

    // One object by key: GET /users/octocat (rest.objectPath /users/:login), not the list of every user.
    guard let octocat = try await User.first(in: context, where: \.login == "octocat") else { return }
    print("\(octocat.login) (\(octocat.name ?? "")), id \(octocat.identifier): \(store.requestCount) request")
    print("  no such user: \(try await User.first(in: context, where: \.login == "no-such-user") == nil) (a 404 is no object)")
    let repositories = try await octocat.repositories
    for repository in repositories {
        let sameOwner = try await repository.owner === octocat
        print("  \(repository.fullName) ★\(repository.stargazersCount) owner is the same instance: \(sameOwner)")
    }

    // A full name is path text: GET /repos/octocat/Hello-World (GitHub answers 404 to octocat%2FHello-World).
    guard let hello = try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World") else { return }
    for issue in try await hello.issues {
        let labels = try await issue.labels.map(\.name)
        print("  #\(issue.number) \(issue.title) by \(try await issue.user?.login ?? "?"), "
              + "assigned to \(try await issue.assignee?.login ?? "nobody"), labels \(labels)")
    }

    // POST sends title, body and state; never number, html_url or timestamps (rest.readOnly), nor the
    // repository, which the URL /repos/octocat/Hello-World/issues already names.
    let issue = Issue(context: context, identifier: 0, title: "Add a licence")
    hello.addToIssues(issue)
    try await context.save()
    print("  created #\(issue.number) (id \(issue.identifier)) at \(issue.createdAt?.formatted(.iso8601) ?? "?")")
    issue.state = "closed"
    try await context.save()
    print("  closed #\(issue.number) at \(issue.closedAt?.formatted(.iso8601) ?? "?")")
    context.delete(issue)
    try await context.save()
    print("  deleted it")

    // Labels: created with "name", renamed with "new_name" (rest.createKey / rest.writeKey), their names
    // one path segment each (rest.objectPath /repos/:repository.full_name/labels/::name).
    let label = Label(context: context, identifier: 0, name: "needs triage")
    hello.addToLabels(label)
    try await context.save()
    label.name = "triage/needed"
    try await context.save()
    let docs = try await Label.first(in: context, where: \.repository.fullName == "octocat/Hello-World" && \.name == "area/docs")
    print("  label \(label.name) (id \(label.identifier)); GET of area/docs by name: \(docs?.labelDescription ?? "?")")

    // A taken name: the server's 422 is a typed error with its field errors.
    let duplicate = Label(context: context, identifier: 0, name: "bug")
    hello.addToLabels(duplicate)
    do {
        try await context.save()
    } catch let RESTError.validationFailed(_, _, message, errors) {
        print("  refused: \(message): \(errors.map(\.description).joined(separator: ", "))")
        context.delete(duplicate)
    }

    // Deleting a label whose issues have no URL: loaded issues lose it, the DELETE goes out. (The
    // repository's labels are read first: a label nested in an issue does not say its repository, which
    // its URL needs.)
    _ = try await hello.labels
    if let found = try await issuesLabeled("bug", in: hello), let bug = try await found.labels.first(where: { $0.name == "bug" }) {
        context.delete(bug)
        try await context.save()
        print("  deleted label bug; #\(found.number) now has \(try await found.labels.map(\.name))")
    }
    print("  \(store.requestCount) HTTP requests in all")
}

/// The first issue of `repository` with the label `name`.
func issuesLabeled(_ name: String, in repository: Repository) async throws -> Issue? {
    for issue in try await repository.issues {
        if try await issue.labels.contains(where: { $0.name == name }) { return issue }
    }
    return nil
}

try await bandcamp()
try await github()
