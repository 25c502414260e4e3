import ObjectGraph
import ObjectGraphSQL

/// The embedded default store: a SQLite database file (created if missing) or a private in-memory
/// database, with a schema made from the model.
///
/// One table per root entity (with an entity column for inheritance), a column per stored attribute,
/// foreign keys for to-ones, link tables for many-to-many, position columns for ordered to-many,
/// indexes and UNIQUE indexes from the model. The model's version hash is kept in the database;
/// opening a database made by another model version throws
/// ``SQLiteStoreError/modelVersionMismatch(path:databaseVersion:modelVersion:)``.
///
/// Predicates and sorts run as SQL with bound parameters; ``capabilities`` lists what the runtime
/// evaluates in memory instead. Each ``save(_:)`` is one transaction. The connection lives on a
/// dedicated thread (the actor's executor), so blocking SQLite calls never hold a thread of the
/// cooperative pool; any number of contexts in any tasks can share one store.
///
/// ```swift
/// let store = try await SQLiteStore(at: .file("Music.sqlite"), model: MusicModel.model.schema)
/// let context = try ObjectContext(store: store, model: MusicModel.model)
/// let band = Band(context: context, name: "Low")
/// try await context.save()
/// let bands = try await context.fetch(Band.self, where: \.name == "Low")
/// ```
public actor SQLiteStore: PersistentStore {
    /// Where the database lives.
    public enum Location: Sendable, Hashable {
        /// A database file at `path`, created if missing, in WAL mode.
        case file(String)
        /// A private database in memory, gone when the store is.
        case inMemory
    }

    /// The model the store was opened with.
    public nonisolated let model: ModelDescription
    /// Where the database lives.
    public nonisolated let location: Location
    let schema: StoreSchema
    private nonisolated let executor: ThreadExecutor
    private var connection: Connection?

    /// Opens (creating if needed) the database at `location` for `model`, set up as `configuration` says.
    /// - Throws: ``SQLiteStoreError/invalidConfiguration(_:)``, ``SQLiteStoreError/cannotOpen(path:message:)``,
    ///   ``SQLiteStoreError/modelVersionMismatch(path:databaseVersion:modelVersion:)``, or
    ///   ``SQLiteStoreError/sqlite(code:message:sql:)`` when the schema cannot be created.
    public nonisolated init(at location: Location, model: ModelDescription, configuration: Configuration = Configuration()) async throws {
        try configuration.validate()
        self.model = model
        self.location = location
        self.schema = StoreSchema(model: model)
        self.executor = ThreadExecutor(name: "SQLiteStore \(model.name)")
        try await open(configuration)
    }

    /// Opens the connection and installs or checks the schema, on the store's thread.
    private func open(_ configuration: Configuration) throws {
        let path: String? = if case .file(let path) = location { path } else { nil }
        let connection = try Connection(path: path)
        do {
            try connection.configure(configuration)
            try connection.install(schema)
        } catch let failure as StatementFailure {
            throw failure.storeError
        }
        self.connection = connection
    }

    deinit {
        executor.stop()
    }

    /// The store's serial executor: its dedicated thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Everything (including nil checks on to-one relationships) except `MATCHES` (regular expressions)
    /// and ordering of decimals (stored as exact text), which the runtime evaluates in memory.
    public nonisolated var capabilities: StoreCapabilities {
        var capabilities = StoreCapabilities.all
        capabilities.predicates.insert(.relationshipNilChecks)
        capabilities.predicates.remove(.regularExpressions)
        capabilities.orderedTypes.remove(.decimal)
        return capabilities
    }

    /// Whether the caller runs on the store's own thread (where every SQLite call must happen).
    var isOnStoreThread: Bool { executor.isCurrentThread }

    /// The open connection, with SQLite failures of `body` reported as ``SQLiteStoreError``.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        guard let connection else { throw SQLiteStoreError.notOpen }
        do {
            return try body(connection)
        } catch let failure as StatementFailure {
            throw failure.storeError
        }
    }
}
