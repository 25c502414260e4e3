#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// A save the server ends as a deadlock's victim (40P01) or for a failed serialization check (40001) is run
/// again, up to the configured number of attempts. The save is held at its first row (``SaveGate``) while a
/// session of the test interferes with the label the save updates next.
///
/// The deadlock: the session locks the label and then waits for the band the save holds; once the save goes
/// on and waits for the label, the cycle is closed. The test's session waits with a `deadlock_timeout` of
/// ten minutes, the save's with the server's one second, so the server's check runs in the save's session
/// and always picks the save as the victim.
///
/// The serialization failure: the session updates the label and commits. A store configured with
/// `saveIsolation: .serializable` began the save before that update, so updating the label fails with
/// 40001. At the default, `read committed`, the save updates the label as the session left it, also where
/// the store's role runs transactions at `serializable` or `repeatable read` unless they name a level.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresSaveRetryTests {
    @Test func aSaveChosenAsADeadlockVictimSucceedsOnItsNextAttempt() async throws {
        let scene = try await Scene.make(saveAttempts: 3)
        let holder = try await scene.gate.hold(attempt: 1)
        defer { holder.terminate() }
        let save = Task { @MainActor in try await scene.context.save() }
        try await scene.deadlock(attempt: 1, held: holder)
        // The failed attempt's key 1 is spent; the retry took the next one.
        try await scene.expectCommitted(save, tagKey: 2)
    }

    @Test func aSaveThatIsADeadlockVictimOnEveryAttemptFailsAndWritesNothing() async throws {
        let scene = try await Scene.make(saveAttempts: 2)
        let holders = [try await scene.gate.hold(attempt: 1), try await scene.gate.hold(attempt: 2)]
        defer { for holder in holders { holder.terminate() } }
        let save = Task { @MainActor in try await scene.context.save() }
        try await scene.deadlock(attempt: 1, held: holders[0])
        try await scene.deadlock(attempt: 2, held: holders[1])
        try await scene.expectFailureWritingNothing(of: save, sqlState: "40P01")
    }

    @Test func aSerializableSaveFailingASerializationCheckSucceedsOnItsNextAttempt() async throws {
        let scene = try await Scene.make(saveAttempts: 3, saveIsolation: .serializable)
        let holder = try await scene.gate.hold(attempt: 1)
        defer { holder.terminate() }
        let save = Task { @MainActor in try await scene.context.save() }
        try await scene.updateTheLabelElsewhere(attempt: 1, held: holder)
        try await scene.expectCommitted(save, tagKey: 2)
    }

    @Test func aSerializableSaveFailingASerializationCheckOnEveryAttemptFailsAndWritesNothing() async throws {
        let scene = try await Scene.make(saveAttempts: 2, saveIsolation: .serializable)
        let holders = [try await scene.gate.hold(attempt: 1), try await scene.gate.hold(attempt: 2)]
        defer { for holder in holders { holder.terminate() } }
        let save = Task { @MainActor in try await scene.context.save() }
        try await scene.updateTheLabelElsewhere(attempt: 1, held: holders[0])
        try await scene.updateTheLabelElsewhere(attempt: 2, held: holders[1])
        try await scene.expectFailureWritingNothing(of: save, sqlState: "40001")
    }

    /// At the default save isolation, `read committed`, the same interference is no serialization failure,
    /// whatever the store's role sets as `default_transaction_isolation` (`nil`: the server's own): the only
    /// attempt succeeds.
    @Test(arguments: [nil, "repeatable read", "serializable"] as [String?])
    func atReadCommittedAnUpdateElsewhereFailsNoSerializationCheck(roleIsolation: String?) async throws {
        let scene = try await Scene.make(saveAttempts: 1, roleIsolation: roleIsolation)
        let holder = try await scene.gate.hold(attempt: 1)
        defer { holder.terminate() }
        let save = Task { @MainActor in try await scene.context.save() }
        try await scene.updateTheLabelElsewhere(attempt: 1, held: holder)
        try await scene.expectCommitted(save, tagKey: 1)
    }

    /// A band and a label in a new schema, and a context that renames both and inserts a tag: its save
    /// updates the band (where the gate holds it), then the label, then inserts the tag.
    struct Scene {
        let store: SessionStore
        let gate: SaveGate
        let context: ObjectContext
        let band: Band
        let tag: ObjectGraphConformance.Tag

        /// The scene, with a store whose saves run at `saveIsolation`, connecting as a role of its own whose
        /// transactions run at `roleIsolation` unless they name a level, when given.
        static func make(saveAttempts: Int, saveIsolation: PostgresStore.Configuration.SaveIsolation = .readCommitted,
                         roleIsolation: String? = nil) async throws -> Scene {
            var username: String?
            if let roleIsolation { username = try await TestDatabase.role(defaultIsolation: roleIsolation) }
            let store = try await SessionStore.make(prefix: "og_retry_", saveAttempts: saveAttempts, saveIsolation: saveIsolation,
                                                    username: username)
            let setup = try ObjectContext(store: store.store, model: MusicModel.model)
            _ = Band(context: setup, name: "Low")
            _ = Label(context: setup, name: "Sub Pop")
            try await setup.save()

            let context = try ObjectContext(store: store.store, model: MusicModel.model)
            let band = try #require(try await context.fetch(Band.self).first)
            let label = try #require(try await context.fetch(Label.self).first)
            band.name = "Mogwai"
            label.name = "Matador"
            let tag = Tag(context: context, name: "retried")
            let gate = try await SaveGate.install(schema: store.schema, application: store.application)
            return Scene(store: store, gate: gate, context: context, band: band, tag: tag)
        }

        /// Makes the `attempt`-th attempt of the save, held at the gate by `holder`, a deadlock's victim.
        func deadlock(attempt: Int, held holder: ToolProcess) async throws {
            try await gate.waitUntilHeld(attempt: attempt)
            let partner = "og_partner_" + UUID().uuidString.prefix(8)
            let table = { (name: String) in "\"\(store.schema)\".\"\(name)\"" }
            let session = try ToolProcess("psql", [TestDatabase.url ?? "", "-q", "-c", """
                BEGIN; SET LOCAL deadlock_timeout = '10min'; SET LOCAL application_name = '\(partner)';
                SELECT 1 FROM \(table("Label")) FOR UPDATE; SELECT 1 FROM \(table("Band")) FOR UPDATE; COMMIT;
                """], discardingErrors: true)
            defer { session.terminate() }
            try await TestDatabase.waitFor(TestDatabase.sessionsWaiting(application: partner, event: nil))
            try await gate.release(attempt: attempt, held: holder)
            #expect(await session.exitStatus() == 0)
        }

        /// Updates, in a session of the test, the label that the `attempt`-th attempt of the save, held at the
        /// gate by `holder`, updates next, and lets the attempt go on.
        func updateTheLabelElsewhere(attempt: Int, held holder: ToolProcess) async throws {
            try await gate.waitUntilHeld(attempt: attempt)
            try await TestDatabase.psql("UPDATE \"\(store.schema)\".\"Label\" SET name = name")
            try await gate.release(attempt: attempt, held: holder)
        }

        /// Expects `save` to succeed, its tag inserted with key `tagKey` (each failed attempt spends one), and
        /// the database to hold the context's names.
        func expectCommitted(_ save: Task<Void, any Error>, tagKey: Int64) async throws {
            await #expect(throws: Never.self) { try await save.value }
            #expect(tag.objectID.key == .integer(tagKey))
            let reader = try ObjectContext(store: store.store, model: MusicModel.model)
            #expect(try await reader.fetch(Band.self).map(\.name) == ["Mogwai"])
            #expect(try await reader.fetch(Label.self).map(\.name) == ["Matador"])
            #expect(try await reader.fetch(Tag.self).map(\.name) == ["retried"])
        }

        /// Expects `save` to fail with SQLSTATE `sqlState`, leaving the context's changes and the database
        /// as they were.
        func expectFailureWritingNothing(of save: Task<Void, any Error>, sqlState expected: String) async throws {
            let error = await #expect(throws: PostgresStoreError.self) { try await save.value }
            guard case .server(let sqlState, _, _)? = error else {
                Issue.record("expected a server error, got \(String(describing: error))")
                return
            }
            #expect(sqlState == expected)

            #expect(context.hasChanges)
            #expect(tag.objectID.isTemporary)
            #expect(band.name == "Mogwai")
            let reader = try ObjectContext(store: store.store, model: MusicModel.model)
            #expect(try await reader.fetch(Band.self).map(\.name) == ["Low"])
            #expect(try await reader.fetch(Label.self).map(\.name) == ["Sub Pop"])
            #expect(try await reader.fetch(Tag.self).isEmpty)
        }
    }
}
#endif
