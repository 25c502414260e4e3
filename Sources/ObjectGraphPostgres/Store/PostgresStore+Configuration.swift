#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension PostgresStore {
    /// Where the server is, who connects, and how many connections the pool keeps.
    ///
    /// ```swift
    /// let configuration = try PostgresStore.Configuration(url: "postgres://app:secret@db.local:5432/music?sslmode=require")
    /// var local = PostgresStore.Configuration(host: "127.0.0.1", port: 5432, username: "app", database: "music")
    /// local.schema = "tenant_42"     // tables live in this PostgreSQL schema, created when missing
    /// ```
    public struct Configuration: Sendable {
        /// Whether connections use TLS.
        public enum TLSMode: String, Sendable {
            /// Plain TCP.
            case disable
            /// TLS when the server offers it.
            case prefer
            /// TLS or no connection (the server's certificate is verified).
            case require
        }

        /// The server's host name or address.
        public var host: String
        /// The server's port.
        public var port: Int
        /// The role to connect as.
        public var username: String
        /// The role's password, if the server asks for one.
        public var password: String?
        /// The database; the server's default (the role's name) when `nil`.
        public var database: String?
        /// TLS use.
        public var tls: TLSMode
        /// The PostgreSQL schema (namespace) holding the store's tables; `nil` for the server's search path
        /// (normally `public`). Created when missing.
        public var schema: String?
        /// The name the store's sessions show in `pg_stat_activity` (`application_name`).
        public var applicationName: String? = "modelgen"
        /// The most connections the pool opens.
        public var maximumConnections = 20
        /// How long connecting may take before the store reports the server unreachable.
        public var connectTimeout: Duration = .seconds(10)
        /// How long one statement of a fetch or save may run before the server cancels it (its
        /// `statement_timeout`, in whole milliseconds); the save it belongs to fails with
        /// ``PostgresStoreError/statementTimeout(sql:)`` and writes nothing. `nil` keeps the server's setting.
        /// The schema check at opening, which waits for another process installing the schema, and the
        /// connection listening for other stores' saves are not limited.
        ///
        /// ```swift
        /// configuration.statementTimeout = .seconds(5)
        /// ```
        public var statementTimeout: Duration?
        /// How many times a save is tried in all when the server ends its transaction as the victim of a
        /// deadlock (SQLSTATE 40P01) or for a failed serialization check (40001): such a transaction wrote
        /// nothing, so the store runs it again from the start, transparently. 1 (or less) never retries; the last
        /// attempt's failure is thrown as ``PostgresStoreError/server(sqlState:message:sql:)`` and leaves the
        /// database and the context's changes as they were.
        ///
        /// ```swift
        /// configuration.saveAttempts = 5
        /// ```
        public var saveAttempts = 3
        /// The longest pause before the second attempt of a save (see ``saveAttempts``); each pause is a
        /// random part of it, between half and all, and it doubles for each later attempt, so saves that
        /// failed together do not meet again.
        public var retryDelay: Duration = .milliseconds(20)
        /// The isolation level each save's transaction begins at: ``SaveIsolation/readCommitted`` (the
        /// default) or ``SaveIsolation/serializable``, never the server's `default_transaction_isolation`.
        ///
        /// ```swift
        /// configuration.saveIsolation = .serializable
        /// ```
        public var saveIsolation: SaveIsolation = .readCommitted
        /// Whether opening data written by an older model version migrates it (the default) or throws
        /// ``ObjectGraph/MigrationError/refused(dataVersion:currentVersion:)``.
        public var migration: MigrationPolicy = .automatic

        /// A configuration from its parts.
        public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil,
                    tls: TLSMode = .disable) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.tls = tls
        }

        /// A configuration from a URL: `postgres://user:password@host:port/database?sslmode=disable|prefer|require`
        /// (`postgresql://` too; user and password percent-decoded; port 5432 when missing).
        /// - Throws: ``PostgresStoreError/invalidURL(_:reason:)`` naming what is missing or wrong.
        public init(url: String) throws {
            guard let components = URLComponents(string: url) else { throw PostgresStoreError.invalidURL(url, reason: "not a URL") }
            guard components.scheme == "postgres" || components.scheme == "postgresql" else {
                throw PostgresStoreError.invalidURL(url, reason: "the scheme must be postgres or postgresql")
            }
            guard let host = components.host, !host.isEmpty else { throw PostgresStoreError.invalidURL(url, reason: "no host") }
            guard let user = components.user, !user.isEmpty else { throw PostgresStoreError.invalidURL(url, reason: "no user") }
            let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            var tls = TLSMode.disable
            if let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value {
                switch mode {
                case "disable", "allow": tls = .disable
                case "prefer": tls = .prefer
                case "require", "verify-ca", "verify-full": tls = .require
                default: throw PostgresStoreError.invalidURL(url, reason: "unknown sslmode \(mode)")
                }
            }
            self.init(host: host, port: components.port ?? 5432, username: user.removingPercentEncoding ?? user,
                      password: components.password.map { $0.removingPercentEncoding ?? $0 },
                      database: path.isEmpty ? nil : (path.removingPercentEncoding ?? path), tls: tls)
        }

        /// The session settings sent when connecting: the schema as the search path, the application name.
        var startupParameters: [(String, String)] {
            var parameters: [(String, String)] = []
            if let schema { parameters.append(("search_path", SQL.quote(schema))) }
            if let applicationName { parameters.append(("application_name", applicationName)) }
            return parameters
        }

        /// The postgres-nio client configuration.
        var client: PostgresClient.Configuration {
            let clientTLS: PostgresClient.Configuration.TLS = switch tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
            var configuration = PostgresClient.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: clientTLS)
            configuration.options.maximumConnections = maximumConnections
            configuration.options.connectTimeout = connectTimeout
            configuration.options.additionalStartupParameters = startupParameters
            if let statementTimeout {
                let (seconds, attoseconds) = statementTimeout.components
                configuration.options.additionalStartupParameters.append(
                    ("statement_timeout", "\(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))ms"))
            }
            return configuration
        }
    }
}
#endif
