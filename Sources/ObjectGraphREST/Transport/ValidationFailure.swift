import Foundation

extension RESTError {
    /// The ``validationFailed(method:url:message:errors:)`` a 422 body describes: a JSON object with a
    /// string `message` and optionally an `errors` array of objects (`resource`, `field`, `code`,
    /// `message`) or strings; `nil` when the body has no such shape.
    static func validationFailure(in body: Data, method: HTTPMethod, url: URL) -> RESTError? {
        guard let document = try? JSONValue.parse(body, url: url.absoluteString),
              case .string(let message)? = document[keyPath: ["message"]] else { return nil }
        var errors: [RESTFieldError] = []
        if case .array(let entries)? = document[keyPath: ["errors"]] {
            for entry in entries {
                switch entry {
                case .string(let text):
                    errors.append(RESTFieldError(message: text))
                case .object:
                    func text(_ key: String) -> String? {
                        if case .string(let value)? = entry[keyPath: [key]] { value } else { nil }
                    }
                    errors.append(RESTFieldError(resource: text("resource"), field: text("field"), code: text("code"), message: text("message")))
                default:
                    continue
                }
            }
        }
        return .validationFailed(method: method.rawValue, url: url.absoluteString, message: message, errors: errors)
    }
}
