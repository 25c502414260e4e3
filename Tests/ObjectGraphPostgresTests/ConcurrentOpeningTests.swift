#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
@testable import ObjectGraphPostgres
import Testing

/// Two stores opening one new schema at once both open it: one creates the tables, the other waits for the
/// schema lock and then finds the version the first recorded, also as a role whose transactions run at
/// `repeatable read` or `serializable` unless they name a level (`nil`: the server's own default). Both
/// wait at the lock, held by a session of the test, before either goes on (one case at a time: the lock is
/// the server's, shared by every schema). While the installer began with
/// a plain `BEGIN`, the waiter at such a role read the version table from a snapshot taken before the wait,
/// found no version and failed creating the tables again.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresConcurrentOpeningTests {
    @Test(.serialized, arguments: [nil, "repeatable read", "serializable"] as [String?])
    func twoStoresOpeningANewSchemaAtOnceBothOpenIt(roleIsolation: String?) async throws {
        var configuration = try TestDatabase.configuration()
        if let roleIsolation { configuration.username = try await TestDatabase.role(defaultIsolation: roleIsolation) }
        let application = "og_open_" + UUID().uuidString.prefix(8)
        configuration.applicationName = application

        let holder = try await TestDatabase.holdAdvisoryLock(SchemaInstaller.lockKey)
        defer { holder.terminate() }
        let opening = [configuration, configuration].map { configuration in
            Task { try await PostgresStore(configuration: configuration, model: MusicModel.model.schema) }
        }
        try await TestDatabase.waitFor("SELECT (\(TestDatabase.sessionsWaiting(application: application, event: "advisory"))) - 1")
        try await TestDatabase.releaseAdvisoryLock(SchemaInstaller.lockKey)
        _ = await holder.exitStatus()

        for task in opening {
            let store = try await task.value
            let context = try ObjectContext(store: store, model: MusicModel.model)
            #expect(try await context.fetch(Band.self).isEmpty)
            store.close()
        }
    }
}
#endif
