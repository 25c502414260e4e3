#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// The store for databases that several processes and machines share: a PostgreSQL database reached
/// through a pool of connections (postgres-nio's `PostgresClient`), with the schema made from the model.
///
/// The tables are those of ``SQLiteStore`` (one per root entity, a column per stored attribute, foreign
/// keys for to-ones, link tables, position columns, indexes and uniqueness constraints) with PostgreSQL's
/// types, real foreign keys checked at commit, and keys from one sequence per table, taken in blocks per
/// save. The SQL comes from the same translator as SQLite's (`ObjectGraphSQL`) in the PostgreSQL dialect.
/// Each ``save(_:)`` is one transaction: on any error nothing is written and the context keeps its changes.
///
/// ```swift
/// let store = try await PostgresStore(configuration: .init(url: "postgres://app@127.0.0.1/music"),
///                                     model: MusicModel.model.schema)
/// let context = try ObjectContext(store: store, model: MusicModel.model)
/// let band = Band(context: context, name: "Low")
/// try await context.save()
/// ```
public final class PostgresStore: PersistentStore {
    /// The model the store was opened with.
    public let model: ModelDescription
    /// Where the database is.
    public let configuration: Configuration
    let schema: StoreSchema
    let client: PostgresClient
    private let running: Task<Void, Never>
    /// Delivers this store's saves and, through ``listener``, other stores' saves to ``changes()``.
    let broadcaster = StoreChangeBroadcaster()
    /// The `NOTIFY` channel of the stores on this database and schema.
    let channel: String
    /// This store's identity in its notifications.
    let origin = UUID().uuidString
    private let listener: Task<Void, Never>

    static let logger: Logger = {
        var logger = Logger(label: "modelgen.PostgresStore")
        logger.logLevel = .critical
        return logger
    }()

    /// Connects to the database `configuration` names and installs the schema of `model` (under an advisory
    /// lock, so one of several starting processes creates it and the others wait), accepts the installed one
    /// when it has `model`'s version hash, or migrates data written by an older version of `model.history`.
    ///
    /// A migration runs stage by stage in one transaction under the same lock, running
    /// `customMigrationSteps` where they are registered (unless `configuration.migration` is
    /// ``ObjectGraph/MigrationPolicy/refuse``): of several stores starting at once, one migrates and the
    /// others wait and then open the migrated database. A failed migration leaves the database as it was.
    ///
    /// ```swift
    /// let store = try await PostgresStore(configuration: configuration, model: MoodyModel.model.schema,
    ///                                     customMigrationSteps: [continents])
    /// ```
    /// - Throws: ``PostgresStoreError/unreachable(host:port:message:)``,
    ///   ``PostgresStoreError/authenticationFailed(username:message:)``,
    ///   ``PostgresStoreError/modelVersionMismatch(databaseVersion:modelVersion:)`` for data of a version the
    ///   model's history does not know, ``ObjectGraph/MigrationError`` when a migration is refused or fails, or
    ///   ``PostgresStoreError/server(sqlState:message:sql:)``.
    public init(configuration: Configuration, model: ModelDescription, customMigrationSteps: [CustomMigrationStep] = []) async throws {
        self.model = model
        self.configuration = configuration
        self.schema = StoreSchema(model: model)
        self.channel = ChangeListener.channel(schema: configuration.schema)
        try await SchemaInstaller(configuration: configuration, schema: schema, customSteps: customMigrationSteps).install()
        self.listener = try await ChangeListener.start(ChangeListener.Setup(
            configuration: configuration, channel: channel, origin: origin, model: model, broadcaster: broadcaster))
        let client = PostgresClient(configuration: configuration.client, backgroundLogger: Self.logger)
        self.client = client
        self.running = Task { await client.run() }
    }

    deinit {
        broadcaster.finish()
        listener.cancel()
        running.cancel()
    }

    /// Closes the pool's connections and stops listening for other stores' saves; the store fails every
    /// later call with ``PostgresStoreError/closed``.
    public func close() {
        broadcaster.finish()
        listener.cancel()
        running.cancel()
    }

    /// Everything except `MATCHES` (regular expressions) and diacritic-insensitive comparisons, which
    /// the runtime evaluates in memory. Case-insensitive ones compare `lower(…)` of both sides. Rows carry
    /// versions, so saves detect conflicts (see ``ObjectContext/mergePolicy``).
    public var capabilities: StoreCapabilities {
        var capabilities = StoreCapabilities.all
        capabilities.predicates.insert(.relationshipNilChecks)
        capabilities.predicates.remove(.regularExpressions)
        capabilities.predicates.remove(.diacriticInsensitive)
        capabilities.detectsConflicts = true
        return capabilities
    }

    /// Runs `body` on a pooled connection, with postgres-nio's errors as ``PostgresStoreError``s.
    ///
    /// A connection whose session `body` found ended is closed before it goes back to the pool, and the
    /// pool has removed it when this returns, so the next call gets another one. A connection the pool
    /// hands out already closed (its close not yet seen by the pool) is given back unused for another.
    /// A connection's first use learns its server process, for cancelling its statements
    /// (``StatementCancellation``).
    func withConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            for _ in 0...configuration.maximumConnections {
                do {
                    return try await client.withConnection { connection in
                        guard !connection.isClosed else {
                            try? await connection.closeFuture.get()
                            throw HandedOutClosed()
                        }
                        do {
                            try await StatementCancellation.shared.register(connection, configuration: configuration)
                            return try await body(connection)
                        } catch {
                            if PostgresConnection.isSessionEnded(by: error) { try? await connection.close().get() }
                            throw error
                        }
                    }
                } catch is HandedOutClosed {
                    continue
                }
            }
            throw PostgresStoreError.connectionLost(message: "every connection the pool handed out was closed")
        } catch let error as PSQLError {
            throw error.storeError(configuration, sql: error.query?.sql ?? "")
        } catch let error as PostgresStoreError {
            throw error
        } catch let error as ObjectGraphError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw PostgresStoreError.unreachable(host: configuration.host, port: configuration.port, message: "\(error)")
        }
    }

    /// The pool handed out a connection that was already closed.
    private struct HandedOutClosed: Error {}
}

extension PostgresConnection {
    /// Runs `sql` with `arguments` and hands each row to `body`.
    func run(_ sql: String, _ arguments: [AttributeValue] = [], _ body: (RowCells) throws -> Void = { _ in }) async throws {
        try await run(try PostgresQuery(sql, arguments), body)
    }

    /// Runs `sql` with one array argument per column and hands each row to `body`.
    func run(_ sql: String, _ columns: [ColumnArray], _ body: (RowCells) throws -> Void = { _ in }) async throws {
        var bindings = PostgresBindings(capacity: columns.count)
        for column in columns { bindings.append(column) }
        try await run(PostgresQuery(unsafeSQL: sql, binds: bindings), body)
    }

    /// Runs `sql` whose one argument is `keys`, bound as a `bigint[]`
    /// (``ObjectGraphSQL/SQLDialect/inIntegerList(_:placeholder:)``), and hands each row to `body`.
    func run(_ sql: String, keys: [Int64], _ body: (RowCells) throws -> Void) async throws {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(keys)
        try await run(PostgresQuery(unsafeSQL: sql, binds: bindings), body)
    }

    private func run(_ query: PostgresQuery, _ body: (RowCells) throws -> Void) async throws {
        var cells = RowCells()
        try await guardedQuery(query) { row in
            cells.load(row)
            try body(cells)
        }
    }

    /// Runs a statement built by the shared translator.
    func run(_ sql: SQLText, _ body: (RowCells) throws -> Void = { _ in }) async throws {
        try await run(sql.text(for: .postgreSQL), sql.arguments, body)
    }
}
#endif
