#if PostgreSQL
import PostgresNIO

/// A failure of the PostgreSQL store that is not a model-level error (those are ``ObjectGraphError``s:
/// uniqueness and required values name object, properties and values).
public enum PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configuration URL is not usable.
    case invalidURL(String, reason: String)
    /// No connection to `host`:`port` could be made (nothing listens, or it timed out).
    case unreachable(host: String, port: Int, message: String)
    /// The server refused the role or password.
    case authenticationFailed(username: String, message: String)
    /// The connection was lost while a statement ran; a save that was in progress was rolled back by the server.
    case connectionLost(message: String)
    /// A statement ran longer than the server's `statement_timeout` and was cancelled.
    case statementTimeout(sql: String)
    /// The database was made by another version of the model.
    case modelVersionMismatch(databaseVersion: String, modelVersion: String)
    /// Any other error the server reported: its SQLSTATE, message and the statement.
    case server(sqlState: String, message: String, sql: String)
    /// The store was closed.
    case closed
    /// A name of a database created before identifiers over 63 bytes were hashed, which the server cut
    /// from several of the model's identifiers (`candidates`, as the store names them now): the store
    /// cannot tell which one the database object is, so it renames none.
    case ambiguousIdentifier(String, candidates: [String])

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason): "invalid PostgreSQL URL \(url): \(reason)"
        case .unreachable(let host, let port, let message): "cannot reach PostgreSQL at \(host):\(port): \(message)"
        case .authenticationFailed(let username, let message): "PostgreSQL refused the role \(username): \(message)"
        case .connectionLost(let message): "the connection to PostgreSQL was lost: \(message)"
        case .statementTimeout(let sql): "the statement timed out: \(sql)"
        case .modelVersionMismatch(let database, let model):
            "the database was made by model version \(database), the store was opened with version \(model)"
        case .server(let sqlState, let message, let sql):
            "PostgreSQL error \(sqlState): \(message) in \(sql.count > 300 ? sql.prefix(300) + "…" : sql)"
        case .closed: "the PostgreSQL store is closed"
        case .ambiguousIdentifier(let name, let candidates):
            "the database object \(name) may be any of \(candidates.joined(separator: ", ")), whose names PostgreSQL cut to it"
        }
    }
}

/// SQLSTATE codes the store tells apart.
enum SQLState {
    static let uniqueViolation = "23505"
    static let exclusionViolation = "23P01"
    static let notNullViolation = "23502"
    static let foreignKeyViolation = "23503"
    static let queryCanceled = "57014"
    static let serializationFailure = "40001"
    static let deadlockDetected = "40P01"
    static let invalidPassword = "28P01"
    static let invalidAuthorization = "28000"

    /// Whether the server ended the session: class 08 (connection exception) or an operator's
    /// intervention that terminates it (57P01 `pg_terminate_backend` or shutdown, 57P02, 57P03).
    static func isConnectionEnded(_ state: String) -> Bool {
        state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
}

extension PSQLError {
    /// The server's SQLSTATE, when the server reported the error.
    var sqlState: String? { serverInfo?[.sqlState] }

    /// This error as the store reports it, for a statement `sql` on `configuration`'s server.
    func storeError(_ configuration: PostgresStore.Configuration, sql: String) -> PostgresStoreError {
        let message = serverInfo?[.message] ?? underlying.map { "\($0)" } ?? "\(code)"
        switch code {
        case .server:
            switch sqlState ?? "" {
            case SQLState.invalidPassword, SQLState.invalidAuthorization:
                return .authenticationFailed(username: configuration.username, message: message)
            case SQLState.queryCanceled: return .statementTimeout(sql: sql)
            case let state where SQLState.isConnectionEnded(state): return .connectionLost(message: message)
            default: return .server(sqlState: sqlState ?? "", message: message, sql: sql)
            }
        case .connectionError, .failedToAddSSLHandler, .sslUnsupported:
            return .unreachable(host: configuration.host, port: configuration.port, message: message)
        case .authMechanismRequiresPassword, .unsupportedAuthMechanism, .saslError:
            return .authenticationFailed(username: configuration.username, message: message)
        case .poolClosed, .clientClosedConnection:
            return .closed
        default:
            return .connectionLost(message: message)
        }
    }
}
#endif
