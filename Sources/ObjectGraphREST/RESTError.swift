import ObjectGraph

/// Every error the REST store throws. Each names the request (method and URL) or the entity, JSON key
/// and value involved; ``description`` says it in a sentence. When a save fails with one of these, the
/// context keeps its changes so the save can be retried.
///
/// ```swift
/// do { try await context.save() }
/// catch let RESTError.httpStatus(status, method, url, body) { print(status, method, url, body) }
/// ```
public enum RESTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with a status outside 2xx; `body` is the start of the response body.
    case httpStatus(status: Int, method: String, url: String, body: String)
    /// The server refused the request's content with 422 Unprocessable Entity and said why in a JSON
    /// object: its `message`, and the `errors` array's `resource`/`field`/`code` entries (GitHub's shape),
    /// which an app can show next to the fields.
    case validationFailed(method: String, url: String, message: String, errors: [RESTFieldError])
    /// No response arrived in time.
    case timedOut(method: String, url: String)
    /// The response body is longer than ``RESTStore/Configuration/maximumResponseSize`` (`limit` bytes);
    /// it was not read further.
    case responseTooLarge(method: String, url: String, limit: Int)
    /// The connection failed or was closed before a complete response arrived.
    case connectionFailed(method: String, url: String, reason: String)
    /// The server's rate limit refuses requests for `retryAfter` more seconds: it answered 429 (or
    /// GitHub's 403 with `X-RateLimit-Remaining: 0`) after the retries ``RetryPolicy`` allows, or a
    /// request would have had to wait longer than ``RESTStore/Configuration/maximumRateLimitWait``.
    case rateLimited(method: String, url: String, retryAfter: Double)
    /// The response is not JSON, or not shaped as the mapping expects; `excerpt` is the start of the body.
    case malformedDocument(url: String, reason: String, excerpt: String)
    /// A JSON value does not fit the attribute's type (or an identifier is not a number or string).
    case typeMismatch(entity: String, key: String, expected: String, value: String, url: String)
    /// An object's JSON lacks its identifier key (`rest.identifier`'s key).
    case missingKey(entity: String, key: String, url: String)
    /// The server's representation of the object `identifier` lacks `key`, the key of `attribute`, a
    /// required attribute without a default (`{"id": 1}` for an `Album` whose `title` is required). A
    /// save's answer may leave keys out; a GET's answer, and every object nested in any answer, may not.
    case missingAttribute(entity: String, attribute: String, key: String, identifier: String, url: String)
    /// A JSON object read as `entity`, whose hierarchy names its entities under `key` (`rest.entityKey`),
    /// lacks the key.
    case missingEntityKey(entity: String, key: String, url: String)
    /// A JSON object read as `entity` names under `key` an entity that no entity of the hierarchy has as
    /// its `rest.entityValue` (or an abstract one); `value` is the JSON value.
    case unknownEntityValue(entity: String, key: String, value: String, url: String)
    /// The mapping gives no URL or JSON key for what was asked.
    case notMapped(entity: String, reason: String)
    /// A URL placeholder could not be filled: the value at its key path is unknown or `null`.
    case unresolvedPlaceholder(entity: String, template: String, keyPath: String)
    /// A fetch of `entity` cannot build its list URL `template`: the predicate pins none of the values at
    /// `keyPaths` with an `==` conjunct of its top-level `AND` (e.g. `\.repository.fullName == "octocat/Hello-World"`).
    case unpinnedPlaceholders(entity: String, template: String, keyPaths: [String])
    /// The mapping names an attribute or relationship the entity does not have, or an unusable identifier.
    case invalidMapping(entity: String, reason: String)
    /// The change set asks for something a REST API cannot express with this mapping.
    case unsupportedChange(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .httpStatus(let status, let method, let url, let body):
            "\(method) \(url) failed with HTTP \(status)" + (body.isEmpty ? "." : ": \(body)")
        case .validationFailed(let method, let url, let message, let errors):
            "\(method) \(url) was refused (HTTP 422): \(message)"
                + (errors.isEmpty ? "" : " (" + errors.map(\.description).joined(separator: "; ") + ")")
        case .timedOut(let method, let url):
            "\(method) \(url) timed out."
        case .responseTooLarge(let method, let url, let limit):
            "The response of \(method) \(url) is longer than \(limit) bytes (RESTStore.Configuration.maximumResponseSize)."
        case .connectionFailed(let method, let url, let reason):
            "\(method) \(url) failed: \(reason)"
        case .rateLimited(let method, let url, let retryAfter):
            "\(method) \(url) was refused by the server's rate limit for another \(Int(retryAfter.rounded(.up))) s."
        case .malformedDocument(let url, let reason, let excerpt):
            "The response of \(url) is malformed (\(reason)): \(excerpt)"
        case .typeMismatch(let entity, let key, let expected, let value, let url):
            "\(entity).\(key) in \(url) expects \(expected), got \(value)."
        case .missingKey(let entity, let key, let url):
            "A \(entity) object in \(url) lacks its identifier key \(key)."
        case .missingAttribute(let entity, let attribute, let key, let identifier, let url):
            "\(entity) \(identifier) in \(url) lacks the key \(key) of its required attribute \(attribute)."
        case .missingEntityKey(let entity, let key, let url):
            "A \(entity) object in \(url) lacks the key \(key) that names its entity."
        case .unknownEntityValue(let entity, let key, let value, let url):
            "A \(entity) object in \(url) has \(key) \(value), which names no concrete entity of its hierarchy."
        case .notMapped(let entity, let reason):
            "The REST mapping of \(entity) has no \(reason)."
        case .unresolvedPlaceholder(let entity, let template, let keyPath):
            "Cannot fill :\(keyPath) of \(template) for \(entity): the value is unknown or null."
        case .unpinnedPlaceholders(let entity, let template, let keyPaths):
            "Fetching \(entity) needs \(keyPaths.joined(separator: ", ")) for \(template): "
                + "add `==` conditions on them to the predicate, or fetch through the relationship."
        case .invalidMapping(let entity, let reason):
            "The REST mapping of \(entity) is invalid: \(reason)"
        case .unsupportedChange(let text):
            "The REST store cannot save this change: \(text)"
        }
    }

    /// Whether the request may succeed when sent again: no response arrived (a timeout, or a connection
    /// that failed or closed before the response was complete).
    var isPassing: Bool {
        switch self {
        case .timedOut, .connectionFailed: true
        default: false
        }
    }

    /// Whether the server answered the request with a 4xx status: it refused it without acting on it.
    var refusedWithoutActing: Bool {
        switch self {
        case .validationFailed, .rateLimited: true
        case .httpStatus(let status, _, _, _): (400..<500).contains(status)
        default: false
        }
    }

    /// At most 200 characters of a body, for error messages.
    static func excerpt(_ body: some Sequence<UInt8>) -> String {
        let text = String(decoding: Array(body.prefix(800)), as: UTF8.self)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}

/// One entry of a 422 response's `errors` array: which field of which resource failed, and how.
///
/// ```swift
/// catch let RESTError.validationFailed(_, _, message, errors) {
///     for error in errors where error.field == "name" { print(message, error.code) }  // "Validation Failed already_exists"
/// }
/// ```
public struct RESTFieldError: Sendable, Hashable, CustomStringConvertible {
    /// The kind of object (`Label`), when the server says.
    public let resource: String?
    /// The JSON key of the field (`name`), when the server says.
    public let field: String?
    /// What is wrong (`missing_field`, `already_exists`, `invalid`, `custom`, …), when the server says.
    public let code: String?
    /// A sentence for `custom` errors, when the server gives one.
    public let message: String?

    /// Creates a field error.
    public init(resource: String? = nil, field: String? = nil, code: String? = nil, message: String? = nil) {
        self.resource = resource
        self.field = field
        self.code = code
        self.message = message
    }

    /// `Label.name already_exists`, and the message if any.
    public var description: String {
        let subject = [resource, field].compactMap(\.self).joined(separator: ".")
        return [subject.isEmpty ? nil : subject, code, message].compactMap(\.self).joined(separator: " ")
    }
}
