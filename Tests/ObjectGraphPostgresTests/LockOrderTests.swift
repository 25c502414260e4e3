#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Two saves that delete and update the same rows in opposite orders wait for each other in turn, never
/// in a cycle: one commits, the other fails with merge conflicts, never with a deadlock (40P01). A trigger
/// holds the first save at its first written row on an advisory lock the test holds, so the second save
/// starts while the first holds that row's lock and waits for it; the test then lets the first go on.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresLockOrderTests {
    /// What the two saves change: the first deletes `first.deleted` and updates `first.updated`, the second
    /// deletes the first's updated object and updates its deleted one.
    enum Scenario: CaseIterable, CustomTestStringConvertible {
        /// The first save deletes a label and updates a band (tables `Band`, `Label`).
        case twoTables
        /// The first save updates one band and deletes another (one table).
        case oneTable

        var testDescription: String { self == .twoTables ? "rows of two tables" : "rows of one table" }
    }

    @Test(arguments: Scenario.allCases)
    func savesDeletingAndUpdatingTheSameRowsInOppositeOrdersDoNotDeadlock(_ scenario: Scenario) async throws {
        let first = try await SessionStore.make(prefix: "og_order_a_")
        let second = try await SessionStore.make(prefix: "og_order_b_", schema: first.schema)
        let setup = try ObjectContext(store: first.store, model: MusicModel.model)
        _ = Band(context: setup, name: "Low")
        switch scenario {
        case .twoTables: _ = Label(context: setup, name: "Sub Pop")
        case .oneTable: _ = Band(context: setup, name: "Mogwai")
        }
        try await setup.save()

        let gate = Int64.random(in: 1..<Int64(Int32.max))
        try await TestDatabase.psql(Self.gateTrigger(schema: first.schema, application: first.application, gate: gate))
        let (a, aUpdated, aDeleted) = try await Self.load(scenario, from: first.store)
        let (b, bDeleted, bUpdated) = try await Self.load(scenario, from: second.store)
        try aUpdated.setValue(.string("updated by the first save"), forKey: "name")
        a.delete(aDeleted)
        b.delete(bDeleted)
        try bUpdated.setValue(.string("updated by the second save"), forKey: "name")

        let holder = try await TestDatabase.holdAdvisoryLock(gate)
        defer { holder.terminate() }
        let firstSave = Task { @MainActor in try await a.save() }
        try await TestDatabase.waitFor("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(first.application)' "
            + "AND wait_event_type = 'Lock' AND wait_event = 'advisory'")
        let secondSave = Task { @MainActor in try await b.save() }
        try await TestDatabase.waitFor("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(second.application)' "
            + "AND wait_event_type = 'Lock'")
        try await TestDatabase.releaseAdvisoryLock(gate)
        _ = await holder.exitStatus()

        await #expect(throws: Never.self) { try await firstSave.value }
        let error = await #expect(throws: ObjectGraphError.self) { try await secondSave.value }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("expected merge conflicts, got \(String(describing: error))")
            return
        }
        #expect(Set(conflicts.map(\.objectID)) == [bDeleted.objectID, bUpdated.objectID])
        let reader = try ObjectContext(store: first.store, model: MusicModel.model)
        #expect(try await reader.object(with: aDeleted.objectID) == nil)
        let updated = try await reader.object(with: aUpdated.objectID)
        #expect(try updated?.value(forKey: "name") == .string("updated by the first save"))
    }

    /// A store in its own session name (`application_name`), so the test can tell its sessions apart.
    struct SessionStore {
        let store: PostgresStore
        let schema: String
        let application: String

        static func make(prefix: String, schema: String? = nil) async throws -> SessionStore {
            var configuration = try TestDatabase.configuration(schema: schema)
            let application = prefix + UUID().uuidString.prefix(8)
            configuration.applicationName = application
            let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
            return SessionStore(store: store, schema: try #require(configuration.schema), application: application)
        }
    }

    /// A context over `store` with `scenario`'s two objects loaded: the first save's updated and deleted
    /// objects, which are the second save's deleted and updated ones.
    private static func load(_ scenario: Scenario, from store: PostgresStore) async throws -> (ObjectContext, ManagedObject, ManagedObject) {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        context.automaticallyMergesChanges = false
        let bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        switch scenario {
        case .twoTables:
            return (context, try #require(bands.first), try #require(try await context.fetch(Label.self).first))
        case .oneTable:
            try #require(bands.count == 2)
            return (context, bands[0], bands[1])
        }
    }

    /// A trigger on `Band` and `Label` of `schema` that, after each row the sessions of `application`
    /// update or delete, waits for advisory lock `gate` (held until the end of their transaction, so only
    /// the first row waits).
    private static func gateTrigger(schema: String, application: String, gate: Int64) -> String {
        let function = "\"\(schema)\".\"og_gate\""
        return """
            CREATE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF current_setting('application_name') = '\(application)' THEN PERFORM pg_advisory_xact_lock(\(gate)); END IF;
                RETURN NULL;
            END $$;
            CREATE TRIGGER og_gate AFTER UPDATE OR DELETE ON "\(schema)"."Band" FOR EACH ROW EXECUTE FUNCTION \(function)();
            CREATE TRIGGER og_gate AFTER UPDATE OR DELETE ON "\(schema)"."Label" FOR EACH ROW EXECUTE FUNCTION \(function)();
            """
    }
}
#endif
