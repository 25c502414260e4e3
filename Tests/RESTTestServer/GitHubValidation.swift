import Foundation

/// GitHub's answers to write bodies it does not accept.
enum GitHubValidation {
    /// 422 `Invalid request.` naming the first key of `body` that is not in `permitted` (as GitHub's
    /// schema check words it), or `nil` when every key is permitted; 400 when the body is not a JSON object.
    static func rejectingUnknownKeys(_ body: [String: Any]?, permitted: Set<String>) -> ServerResponse? {
        guard let body else { return .error(400, "Problems parsing JSON") }
        guard let key = body.keys.sorted().first(where: { !permitted.contains($0) }) else { return nil }
        return .json(["message": "Invalid request.\n\n\"\(key)\" is not a permitted key.",
                      "documentation_url": "https://docs.github.com/rest"], status: 422)
    }

    /// 422 `Validation Failed` with one error of `resource`, `field` and `code` (`missing_field`,
    /// `already_exists`, `invalid`), as GitHub answers a missing or taken value.
    static func failed(resource: String, field: String, code: String) -> ServerResponse {
        .json(["message": "Validation Failed",
               "errors": [["resource": resource, "field": field, "code": code]],
               "documentation_url": "https://docs.github.com/rest"], status: 422)
    }
}
