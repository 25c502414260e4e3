#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// A wrong password and a statement timeout are typed errors; a save they stop writes nothing, the context
/// keeps its changes and the store works afterwards.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresFaultTests {
    /// The test cluster asks members of `og_password_auth` for a SCRAM password (Scripts/postgres-cluster.sh).
    @Test func aWrongPasswordIsAnAuthenticationFailureAndTheRightOneConnects() async throws {
        let role = try await TestDatabase.role("og_pw_", options: "PASSWORD 'right horse' IN ROLE og_password_auth")
        var configuration = try TestDatabase.configuration()
        configuration.username = role
        configuration.password = "wrong horse"
        #expect(await TestDatabase.authenticationFailure(of: configuration) == role)

        configuration.password = "right horse"
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: context, name: "Signed in")
        try await context.save()
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 1)
    }

    /// A save whose insert waits for a table another session locked runs past the statement timeout: it
    /// fails naming the statement, writes nothing, keeps the context's changes, and succeeds once the lock
    /// is gone.
    @Test func aStatementTimeoutIsNamedAndWritesNothing() async throws {
        var configuration = try TestDatabase.configuration()
        configuration.statementTimeout = .milliseconds(300)
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<20 { _ = Band(context: context, name: "Band \(number)") }
        let schema = try #require(configuration.schema)
        let locker = try await TestDatabase.lock("Band", in: schema)
        defer { locker.terminate() }
        let error = await #expect(throws: PostgresStoreError.self) { try await context.save() }
        guard case .statementTimeout(let sql) = error else {
            Issue.record("expected a statement timeout, got \(String(describing: error))")
            return
        }
        #expect(sql.hasPrefix("INSERT INTO \"Band\""))
        #expect(context.hasChanges && context.insertedObjects.count == 20)
        try await TestDatabase.unlock("Band", in: schema, held: locker)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 0)
        try await context.save()
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 20)
    }
}
#endif
