#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// The server the tests use: `MODELGEN_POSTGRES_URL` (`Scripts/postgres-cluster.sh start` makes one; CI
/// always does). Each test works in a PostgreSQL schema of its own, so tests run in parallel.
enum TestDatabase {
    /// The server's URL, or `nil` when the tests are skipped.
    static let url = ProcessInfo.processInfo.environment["MODELGEN_POSTGRES_URL"]

    /// Whether the suites run: with a server, and always in CI (`CI` set), where a missing server fails them.
    static let isEnabled = url != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// Why the suites are skipped without a server.
    static let skipReason: Comment = "MODELGEN_POSTGRES_URL is not set: start a server with `eval \"$(Scripts/postgres-cluster.sh start)\"`"

    /// The server's URL; fails (in CI) when there is none.
    static func requiredURL() throws -> String {
        guard let url else { throw MissingServer() }
        return url
    }

    /// CI runs the PostgreSQL suites without a server.
    struct MissingServer: Error, CustomStringConvertible {
        var description: String { "MODELGEN_POSTGRES_URL is not set, and CI must run the PostgreSQL suites against a server" }
    }

    /// A configuration of the test server in a new, empty schema (`name` when given).
    static func configuration(schema name: String? = nil) throws -> PostgresStore.Configuration {
        var configuration = try PostgresStore.Configuration(url: try requiredURL())
        configuration.schema = name ?? "og_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        configuration.maximumConnections = 4
        return configuration
    }

    /// A store of `model` in a new, empty schema.
    static func store(_ model: ModelDescription = MusicModel.model.schema, schema name: String? = nil) async throws -> PostgresStore {
        try await PostgresStore(configuration: try configuration(schema: name), model: model)
    }

    /// A store of the Music model in a new schema holding one saved band called `name`.
    static func store(withBandNamed name: String) async throws -> PostgresStore {
        let store = try await store()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: context, name: name)
        try await context.save()
        return store
    }

    /// The user a store opened with `configuration` is refused as (`PostgresStoreError.authenticationFailed`),
    /// or `nil`, after recording an issue, when opening it fails otherwise or succeeds.
    static func authenticationFailure(of configuration: PostgresStore.Configuration) async -> String? {
        let error = await #expect(throws: PostgresStoreError.self) {
            try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        }
        guard case .authenticationFailed(let username, _) = error else {
            Issue.record("got \(String(describing: error))")
            return nil
        }
        return username
    }

    /// Ends, with `psql`, the server sessions of `application` (meeting `condition`); returns how many.
    static func terminateSessions(application: String, condition: String = "") async throws -> Int {
        try await psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(application)' "
                       + "\(condition) AND pid <> pg_backend_pid()").split(separator: "\n").filter { $0 == "t" }.count
    }

    /// Runs `sql` with `psql` on the test server as its superuser; returns the rows, unaligned, one a line.
    @discardableResult
    static func psql(_ sql: String) async throws -> String {
        try await ToolProcess.output(of: "psql", [url ?? "", "-tAq", "-v", "ON_ERROR_STOP=1", "-c", sql])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An in-memory store and a PostgreSQL store holding the translation data set (same IDs: both
    /// count keys per table in insertion order).
    static func storePair() async throws -> (InMemoryStore, PostgresStore) {
        let memory = InMemoryStore(model: MusicModel.model.schema)
        let postgres = try await store()
        for store in [memory, postgres] as [any PersistentStore] {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            TranslationData.insert(into: context)
            try await context.save()
        }
        return (memory, postgres)
    }

    /// Starts a session that locks `table` of `schema` in EXCLUSIVE mode (writers wait, readers do not)
    /// until ``unlock(_:in:held:)`` ends it (at most 30 seconds, should a test stop before), and returns
    /// once the lock is granted. Tests end the lock themselves, never by a timer, so a loaded machine
    /// cannot release it before the session the test waits for reached it.
    static func lock(_ table: String, in schema: String) async throws -> ToolProcess {
        let locker = try ToolProcess("psql", [url ?? "", "-q", "-c",
            "BEGIN; LOCK TABLE \"\(schema)\".\"\(table)\" IN EXCLUSIVE MODE; SELECT pg_sleep(30); COMMIT;"],
                                     discardingErrors: true)
        try await waitFor("SELECT count(*) FROM \(tableLocks(table, in: schema))")
        return locker
    }

    /// Ends the session that ``lock(_:in:)`` started on `table` of `schema`, which releases its lock, and
    /// waits for its `psql` to exit.
    static func unlock(_ table: String, in schema: String, held locker: ToolProcess) async throws {
        try await psql("SELECT pg_terminate_backend(l.pid) FROM \(tableLocks(table, in: schema))")
        _ = await locker.exitStatus()
    }

    /// The granted EXCLUSIVE locks on `table` of `schema`, as the `FROM` clause of a query over `pg_locks` (`l`).
    private static func tableLocks(_ table: String, in schema: String) -> String {
        "pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace n ON n.oid = c.relnamespace "
            + "WHERE n.nspname = '\(schema)' AND c.relname = '\(table)' AND l.mode = 'ExclusiveLock' AND l.granted"
    }

    /// Starts a session that holds session-level advisory lock `key` until ``releaseAdvisoryLock(_:)`` ends
    /// it (at most a minute), and returns once the lock is granted to that session (not to another session
    /// taking the same key, as every store opening takes the schema lock); the caller awaits the returned
    /// `psql`'s exit.
    static func holdAdvisoryLock(_ key: Int64) async throws -> ToolProcess {
        let application = "og_lock_" + UUID().uuidString.prefix(8)
        let holder = try ToolProcess("psql", [url ?? "", "-q", "-c",
            "SET application_name = '\(application)'; SELECT pg_advisory_lock(\(key)); SELECT pg_sleep(60);"], discardingErrors: true)
        try await waitFor("SELECT count(*) FROM pg_locks JOIN pg_stat_activity USING (pid) "
            + "WHERE application_name = '\(application)' AND \(advisoryLockCondition(key)) AND granted")
        return holder
    }

    /// Ends the session holding advisory lock `key` (``holdAdvisoryLock(_:)``), which releases it.
    static func releaseAdvisoryLock(_ key: Int64) async throws {
        try await psql("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE \(advisoryLockCondition(key)) AND granted")
    }

    /// The `pg_locks` rows of advisory lock `key`: its high half is `classid`, its low half `objid`.
    private static func advisoryLockCondition(_ key: Int64) -> String {
        "locktype = 'advisory' AND classid = \(UInt32(truncatingIfNeeded: key >> 32)) "
            + "AND objid = \(UInt32(truncatingIfNeeded: key)) AND objsubid = 1"
    }

    /// Waits (up to 30 s) until the count `countSQL` selects on the test server is positive, or `done` is true.
    static func waitFor(_ countSQL: String, orUntil done: @Sendable () async -> Bool = { false }) async throws {
        for _ in 0..<600 {
            if await done() { return }
            if let count = Int(try await psql(countSQL)), count > 0 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WaitTimedOut(sql: countSQL)
    }

    /// ``waitFor(_:)`` saw no row in time.
    struct WaitTimedOut: Error {
        let sql: String
    }

    /// The next change `changes` delivers within `limit`, or `nil`.
    static func next(_ changes: StoreChanges, within limit: Duration = .seconds(10)) async -> StoreChange? {
        await withTaskGroup(of: StoreChange?.self) { group in
            group.addTask {
                var iterator = changes.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
#endif
