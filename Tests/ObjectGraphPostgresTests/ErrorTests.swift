#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Faults of the server and the connection are typed errors; nothing is half-written and the pool recovers.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresErrorTests {
    /// A store whose sessions carry an application name of its own (`prefix` and a random suffix), so a
    /// test can find and end them in `pg_stat_activity`, a context on it, and the name.
    private func storeWithApplicationName(prefix: String) async throws -> (store: PostgresStore, context: ObjectContext, application: String) {
        var configuration = try TestDatabase.configuration()
        let application = prefix + UUID().uuidString.prefix(8)
        configuration.applicationName = application
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        return (store, try ObjectContext(store: store, model: MusicModel.model), application)
    }

    @Test func anUnreachableServerIsNamed() async throws {
        var configuration = PostgresStore.Configuration(host: "127.0.0.1", port: 1, username: "nobody")
        configuration.connectTimeout = .seconds(2)
        let error = await #expect(throws: PostgresStoreError.self) {
            try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        }
        guard case .unreachable(let host, let port, _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1" && port == 1)
    }

    @Test func anUnknownRoleIsAnAuthenticationFailure() async throws {
        var configuration = try TestDatabase.configuration()
        configuration.username = "no_such_role"
        #expect(await TestDatabase.authenticationFailure(of: configuration) == "no_such_role")
    }

    @Test func invalidURLsNameWhatIsWrong() {
        #expect(throws: PostgresStoreError.invalidURL("mysql://x@y/z", reason: "the scheme must be postgres or postgresql")) {
            try PostgresStore.Configuration(url: "mysql://x@y/z")
        }
        #expect(throws: PostgresStoreError.invalidURL("postgres://host/db", reason: "no user")) {
            try PostgresStore.Configuration(url: "postgres://host/db")
        }
        let parsed = try? PostgresStore.Configuration(url: "postgresql://a%40b:p%3Aw@db.example:6543/music?sslmode=require")
        #expect(parsed?.username == "a@b" && parsed?.password == "p:w" && parsed?.port == 6543)
        #expect(parsed?.database == "music" && parsed?.tls == .require)
    }

    @Test func anotherModelVersionIsRefusedNamingBothVersions() async throws {
        let store = try await TestDatabase.store()
        let other = ModelDescription(name: "Music", entities: [EntityDescription(name: "Band", attributes: [])])
        await #expect(throws: PostgresStoreError.modelVersionMismatch(
            databaseVersion: MusicModel.model.schema.versionHash, modelVersion: other.versionHash)) {
            try await PostgresStore(configuration: store.configuration, model: other)
        }
    }

    /// The server ends the save's connection in the middle of the save (while its insert waits for a
    /// table another session locked): the save fails as a lost connection, the server rolled it back, the
    /// context keeps its changes, and the next save succeeds on a new connection of the pool.
    @Test func aConnectionDroppedMidSaveWritesNothingAndThePoolRecovers() async throws {
        let (store, context, application) = try await storeWithApplicationName(prefix: "og_drop_")
        for number in 0..<100 { _ = Band(context: context, name: "Band \(number)") }
        let schema = try #require(store.configuration.schema)
        let locker = try await TestDatabase.lock("Band", in: schema)
        defer { locker.terminate() }
        let killing = Task {
            try await TestDatabase.waitFor("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(application)' "
                + "AND wait_event_type = 'Lock'")
            return try await TestDatabase.terminateSessions(application: application, condition: "AND wait_event_type = 'Lock'")
        }
        var failure: (any Error)?
        do { try await context.save() } catch { failure = error }
        #expect(try await killing.value == 1)
        guard case PostgresStoreError.connectionLost = try #require(failure) else {
            Issue.record("expected a lost connection, got \(String(describing: failure))")
            return
        }
        #expect(context.hasChanges)
        try await TestDatabase.unlock("Band", in: schema, held: locker)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 0)
        try await context.save()
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 100)
    }

    /// A row the store cannot read in the middle of a fetch of many (rows still arrive while the reader
    /// stops): the fetch fails naming the row, and the store's one connection serves the next statements.
    @Test func anUnreadableRowInTheMiddleOfAFetchFailsItAndTheConnectionGoesOn() async throws {
        var configuration = try TestDatabase.configuration()
        configuration.maximumConnections = 1
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<5_000 { _ = Band(context: context, name: "Band \(number)") }
        try await context.save()
        let table = "\"\(try #require(configuration.schema))\".\"Band\""
        let row = try await TestDatabase.psql("SELECT \"_pk\" || ',' || \"_entity\" FROM \(table) ORDER BY \"_pk\" OFFSET 2500 LIMIT 1")
            .split(separator: ",")
        let (key, code) = (try #require(row.first), try #require(row.last))
        try await TestDatabase.psql("UPDATE \(table) SET \"_entity\" = 999 WHERE \"_pk\" = \(key)")
        await #expect(throws: ObjectGraphError.inconsistentData("row Band/\(key) has an unknown entity code 999")) {
            try await store.fetch(StoreFetchRequest(entityName: "Band"))
        }
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 5_000)
        try await TestDatabase.psql("UPDATE \(table) SET \"_entity\" = \(code) WHERE \"_pk\" = \(key)")
        let bands = try await store.fetch(StoreFetchRequest(entityName: "Band"))
        let middle = AnyObjectID(entityName: "Band", key: .integer(try #require(Int64(key))))
        #expect(bands.count == 5_000 && bands[2500].id == middle)
    }

    /// The server ends every idle pooled connection: the store's next calls get new connections. The first
    /// may meet a connection whose end the client has not read yet; that is a lost connection, never a wait.
    @Test func pooledConnectionsTheServerEndedAreReplaced() async throws {
        let (store, context, application) = try await storeWithApplicationName(prefix: "og_idle_")
        _ = Band(context: context, name: "Low")
        try await context.save()
        let sessions = try await TestDatabase.psql("SELECT string_agg(pid::text, ',') FROM pg_stat_activity WHERE application_name = '\(application)'")
        #expect(try await TestDatabase.terminateSessions(application: application) >= 2)
        try await TestDatabase.waitFor("SELECT CASE WHEN count(*) = 0 THEN 1 ELSE 0 END FROM pg_stat_activity WHERE pid IN (\(sessions))")
        let count: Int
        do {
            count = try await store.count(StoreFetchRequest(entityName: "Band"))
        } catch PostgresStoreError.connectionLost {
            count = try await store.count(StoreFetchRequest(entityName: "Band"))
        }
        #expect(count == 1)
        _ = Band(context: context, name: "Slowdive")
        try await context.save()
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 2)
    }
}
#endif
