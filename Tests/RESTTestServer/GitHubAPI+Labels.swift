import Foundation

/// `/repos/{owner}/{repo}/labels` and `/repos/{owner}/{repo}/labels/{name}`: create with `name`,
/// rename with `new_name`, names unique per repository (compared case-insensitively, as GitHub does).
extension GitHubAPI {
    /// The keys GitHub's "create a label" takes.
    static let labelCreateKeys: Set<String> = ["name", "color", "description"]
    /// The keys GitHub's "update a label" takes.
    static let labelUpdateKeys: Set<String> = ["new_name", "color", "description"]

    func labels(_ request: ServerRequest, repository: String) -> ServerResponse {
        switch request.method {
        case "GET":
            return page(state.withLock { $0.labels.filter { $0.repository == repository }.map(\.json) }, of: request)
        case "POST":
            let body = request.jsonObject
            if let rejection = GitHubValidation.rejectingUnknownKeys(body, permitted: Self.labelCreateKeys) { return rejection }
            guard let body, let name = body["name"] as? String, !name.isEmpty else {
                return GitHubValidation.failed(resource: "Label", field: "name", code: "missing_field")
            }
            return state.withLock { state in
                guard !state.labels.contains(where: { $0.repository == repository && $0.name.lowercased() == name.lowercased() }) else {
                    return GitHubValidation.failed(resource: "Label", field: "name", code: "already_exists")
                }
                let label = GitHubLabel(id: state.nextLabelID, repository: repository, name: name,
                                        color: body["color"] as? String ?? "ededed", description: body["description"] as? String,
                                        isDefault: false)
                state.nextLabelID += 1
                state.labels.append(label)
                return .json(label.json, status: 201)
            }
        default:
            return .error(405, "Method Not Allowed")
        }
    }

    func label(_ request: ServerRequest, repository: String, name: String) -> ServerResponse {
        state.withLock { state in
            guard let index = state.labels.firstIndex(where: { $0.repository == repository && $0.name.lowercased() == name.lowercased() }) else {
                return .notFound
            }
            switch request.method {
            case "GET":
                return .json(state.labels[index].json)
            case "PATCH":
                let body = request.jsonObject
                if let rejection = GitHubValidation.rejectingUnknownKeys(body, permitted: Self.labelUpdateKeys) { return rejection }
                guard let body else { return .error(400, "Problems parsing JSON") }
                var label = state.labels[index]
                if let newName = body["new_name"] as? String {
                    guard !newName.isEmpty else { return GitHubValidation.failed(resource: "Label", field: "name", code: "missing_field") }
                    let taken = state.labels.indices.contains { $0 != index && state.labels[$0].repository == repository
                        && state.labels[$0].name.lowercased() == newName.lowercased() }
                    guard !taken else { return GitHubValidation.failed(resource: "Label", field: "name", code: "already_exists") }
                    label.name = newName
                }
                if let color = body["color"] as? String { label.color = color }
                if body.keys.contains("description") { label.description = body["description"] as? String }
                state.labels[index] = label
                for issue in state.issues.indices {
                    state.issues[issue].labels = state.issues[issue].labels.map { $0.id == label.id ? label : $0 }
                }
                return .json(label.json)
            case "DELETE":
                let id = state.labels.remove(at: index).id
                for issue in state.issues.indices { state.issues[issue].labels.removeAll { $0.id == id } }
                return ServerResponse(status: 204)
            default:
                return .error(405, "Method Not Allowed")
            }
        }
    }
}
