#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// A store in its own session name (`application_name`), so a test can tell its sessions apart.
struct SessionStore {
    let store: PostgresStore
    let schema: String
    let application: String

    /// A store of `model` (the Music model unless given) whose sessions are named `prefix` and a random
    /// suffix, in `schema` (a new one when `nil`), trying each save `saveAttempts` times at most: once
    /// unless given, so that a deadlock fails the save instead of being retried; at `saveIsolation`; as
    /// `username` when given.
    static func make(prefix: String, schema: String? = nil, saveAttempts: Int = 1,
                     saveIsolation: PostgresStore.Configuration.SaveIsolation = .readCommitted, username: String? = nil,
                     model: ModelDescription = MusicModel.model.schema) async throws -> SessionStore {
        var configuration = try TestDatabase.configuration(schema: schema)
        configuration.saveAttempts = saveAttempts
        configuration.saveIsolation = saveIsolation
        if let username { configuration.username = username }
        let application = prefix + UUID().uuidString.prefix(8)
        configuration.applicationName = application
        let store = try await PostgresStore(configuration: configuration, model: model)
        return SessionStore(store: store, schema: try #require(configuration.schema), application: application)
    }
}

/// Holds each save (each transaction) of one store's sessions after the first row it changes, in any
/// table of its schema, on an advisory lock the test holds: the n-th transaction gated waits for lock
/// `key + n`. The trigger is named to fire before the server's own triggers on the row (those of
/// `ON DELETE` actions run in name order after it), so the save holds nothing but that row and the locks
/// it took before.
struct SaveGate {
    let key: Int64
    let application: String

    /// Installs the gate for the sessions of `application` on every table of `schema`.
    static func install(schema: String, application: String) async throws -> SaveGate {
        let gate = SaveGate(key: Int64.random(in: 1..<Int64(Int32.max - 100)), application: application)
        let function = "\"\(schema)\".\"og_gate\""
        try await TestDatabase.psql("""
            CREATE SEQUENCE "\(schema)"."og_gate_attempts";
            CREATE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF current_setting('application_name') = '\(application)'
                    AND current_setting('og.gated', true) IS DISTINCT FROM 'yes' THEN
                    PERFORM set_config('og.gated', 'yes', true);
                    PERFORM pg_advisory_xact_lock(\(gate.key) + nextval('"\(schema)"."og_gate_attempts"'));
                END IF;
                RETURN NULL;
            END $$;
            DO $$ DECLARE t text; BEGIN
                FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = '\(schema)' AND tablename NOT LIKE '\\_og%' LOOP
                    EXECUTE format('CREATE TRIGGER "A_og_gate" AFTER INSERT OR UPDATE OR DELETE ON %I.%I '
                        || 'FOR EACH ROW EXECUTE FUNCTION \(function)()', '\(schema)', t);
                END LOOP;
            END $$;
            """)
        return gate
    }

    /// Holds the lock that the `attempt`-th gated transaction (from 1) waits for, until ``release(_:)``.
    func hold(attempt: Int) async throws -> ToolProcess {
        try await TestDatabase.holdAdvisoryLock(key + Int64(attempt))
    }

    /// Lets the `attempt`-th gated transaction go on, and waits for the holding session to end.
    func release(attempt: Int, held holder: ToolProcess) async throws {
        try await TestDatabase.releaseAdvisoryLock(key + Int64(attempt))
        _ = await holder.exitStatus()
    }

    /// Waits until the `attempt`-th gated transaction waits at the gate.
    func waitUntilHeld(attempt: Int = 1) async throws {
        try await TestDatabase.waitFor("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 "
            + "AND objid = \(key + Int64(attempt)) AND objsubid = 1 AND NOT granted")
    }

    /// Runs `first` (a save of the gated store) until it waits at the gate, then `second` (of the store whose
    /// sessions are named `secondApplication`) until it waits for a lock or has ended, then lets `first` go
    /// on; returns how both ended. Whichever waits for the other, neither may wait in a cycle (a deadlock,
    /// 40P01).
    @MainActor
    func race(_ first: @escaping @MainActor () async throws -> Void, then secondApplication: String,
              _ second: @escaping @MainActor () async throws -> Void) async throws -> (first: Result<Void, any Error>, second: Result<Void, any Error>) {
        let holder = try await hold(attempt: 1)
        defer { holder.terminate() }
        let firstSave = Task { @MainActor in try await first() }
        try await waitUntilHeld()
        let secondEnded = Ended()
        let secondSave = Task { @MainActor in
            defer { secondEnded.value = true }
            try await second()
        }
        try await TestDatabase.waitFor(TestDatabase.sessionsWaiting(application: secondApplication, event: nil)) { await secondEnded.value }
        try await release(attempt: 1, held: holder)
        return (await firstSave.result, await secondSave.result)
    }
}

/// Whether a task of the main actor has ended.
@MainActor private final class Ended {
    var value = false
}

extension TestDatabase {
    /// The count of the sessions of `application` waiting for a lock (of wait event `event`, when given).
    static func sessionsWaiting(application: String, event: String?) -> String {
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(application)' AND wait_event_type = 'Lock'"
            + (event.map { " AND wait_event = '\($0)'" } ?? "")
    }
}
#endif
