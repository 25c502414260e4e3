import Foundation
import ObjectGraphREST

/// Which errors mean "the server cannot be reached right now", so a ``CachePolicy/networkFirst`` read
/// answers from the cache: no connection, a timeout, a rate limit, or a 5xx answer. Anything else (a 404,
/// a 422, a malformed document) is the server's answer and reaches the caller.
enum NetworkFailure {
    static func isUnreachable(_ error: any Error) -> Bool {
        switch error {
        case let error as RESTError:
            switch error {
            case .timedOut, .connectionFailed, .rateLimited: return true
            case .httpStatus(let status, _, _, _): return status == 429 || (500..<600).contains(status)
            default: return false
            }
        case is URLError: return true
        default: return false
        }
    }

    /// The HTTP status of a refusal, if the error is one.
    static func status(of error: any Error) -> Int? {
        switch error as? RESTError {
        case .httpStatus(let status, _, _, _): status
        case .validationFailed: 422
        case .rateLimited: 429
        default: nil
        }
    }
}
