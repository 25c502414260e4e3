#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// A save the server ends as a deadlock's victim (40P01) is run again, up to the configured number of
/// attempts. The test makes the deadlock itself: the save is held at its first row (``SaveGate``) while a
/// session of the test locks the label the save updates next and then waits for the band the save holds;
/// once the save goes on and waits for the label, the cycle is closed. The test's session waits with a
/// `deadlock_timeout` of ten minutes, the save's with the server's one second, so the server's check runs
/// in the save's session and always picks the save as the victim.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresDeadlockRetryTests {
    @Test func aSaveChosenAsADeadlockVictimSucceedsOnItsNextAttempt() async throws {
        let scene = try await Scene.make(saveAttempts: 3)
        let holder = try await scene.gate.hold(attempt: 1)
        defer { holder.terminate() }
        let save = Task { @MainActor in try await scene.context.save() }
        try await scene.deadlock(attempt: 1, held: holder)
        await #expect(throws: Never.self) { try await save.value }

        // The failed attempt's key 1 is spent; the retry took the next one.
        #expect(scene.tag.objectID.key == .integer(2))
        let reader = try ObjectContext(store: scene.store.store, model: MusicModel.model)
        #expect(try await reader.fetch(Band.self).map(\.name) == ["Mogwai"])
        #expect(try await reader.fetch(Label.self).map(\.name) == ["Matador"])
        #expect(try await reader.fetch(Tag.self).map(\.name) == ["retried"])
    }

    @Test func aSaveThatIsADeadlockVictimOnEveryAttemptFailsAndWritesNothing() async throws {
        let scene = try await Scene.make(saveAttempts: 2)
        let holders = [try await scene.gate.hold(attempt: 1), try await scene.gate.hold(attempt: 2)]
        defer { for holder in holders { holder.terminate() } }
        let save = Task { @MainActor in try await scene.context.save() }
        try await scene.deadlock(attempt: 1, held: holders[0])
        try await scene.deadlock(attempt: 2, held: holders[1])
        let error = await #expect(throws: PostgresStoreError.self) { try await save.value }
        guard case .server(let sqlState, _, _)? = error else {
            Issue.record("expected a server error, got \(String(describing: error))")
            return
        }
        #expect(sqlState == "40P01")

        #expect(scene.context.hasChanges)
        #expect(scene.tag.objectID.isTemporary)
        #expect(scene.band.name == "Mogwai")
        let reader = try ObjectContext(store: scene.store.store, model: MusicModel.model)
        #expect(try await reader.fetch(Band.self).map(\.name) == ["Low"])
        #expect(try await reader.fetch(Label.self).map(\.name) == ["Sub Pop"])
        #expect(try await reader.fetch(Tag.self).isEmpty)
    }

    /// A band and a label in a new schema, and a context that renames both and inserts a tag: its save
    /// updates the band (where the gate holds it), then the label, then inserts the tag.
    struct Scene {
        let store: SessionStore
        let gate: SaveGate
        let context: ObjectContext
        let band: Band
        let tag: ObjectGraphConformance.Tag

        static func make(saveAttempts: Int) async throws -> Scene {
            let store = try await SessionStore.make(prefix: "og_retry_", saveAttempts: saveAttempts)
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
    }
}
#endif
