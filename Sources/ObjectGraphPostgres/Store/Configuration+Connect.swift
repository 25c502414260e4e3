#if PostgreSQL
import PostgresNIO

extension PostgresStore.Configuration {
    /// Opens a connection of its own (outside the pool), for work that must hold one connection: the
    /// schema check and the change listener. Its errors are the store's: unreachable, refused role.
    func connect() async throws -> PostgresConnection {
        var tls = PostgresConnection.Configuration.TLS.disable
        do {
            switch self.tls {
            case .disable: break
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            var configuration = PostgresConnection.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls)
            configuration.options.additionalStartupParameters = startupParameters
            let (seconds, attoseconds) = connectTimeout.components
            configuration.options.connectTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            return try await PostgresConnection.connect(configuration: configuration, id: 0, logger: PostgresStore.logger)
        } catch let error as PSQLError {
            throw error.storeError(self, sql: "")
        } catch {
            throw PostgresStoreError.unreachable(host: host, port: port, message: "\(error)")
        }
    }
}
#endif
