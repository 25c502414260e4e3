#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
@testable import ObjectGraphPostgres
import Testing

/// Cancelling the task that reads a statement stops it at once with `CancellationError`, wherever the
/// statement is, and the server stops the statement; the pool's next user gets a working connection. A statement is held at a given row or at
/// `COMMIT` by a function that waits for an advisory lock the test holds, so each test waits on events.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresCancellationTests {
    /// A read of 200,000 rows that stops after its first 20,000 until the test lets it go on is cancelled
    /// once its first rows have arrived: it ends with `CancellationError` while the server still holds the
    /// statement, and the pool's only connection is replaced, so the next fetch reads the saved bands.
    @Test func aCancelledReadStopsAfterItsFirstRowsAndThePoolServesTheNextFetch() async throws {
        var configuration = try TestDatabase.configuration()
        configuration.maximumConnections = 1
        let read = try await HeldRead.start(configuration)
        defer { read.holder.terminate() }
        try await read.cancel()

        try await read.release()
        try await read.expectTheNextFetchReadsTheBands()
        try await TestDatabase.waitFor(read.noGatedStatement)
    }

    /// The server stops a cancelled read's statement: with the lock it waits for still held, the statement
    /// is soon no longer running (before, the server ran it until the lock was released).
    @Test func aCancelledReadsStatementIsCancelledOnTheServer() async throws {
        var configuration = try TestDatabase.configuration()
        configuration.maximumConnections = 1
        let read = try await HeldRead.start(configuration)
        defer { read.holder.terminate() }
        try await read.cancel()

        try await TestDatabase.waitFor(read.noGatedStatementRuns)
        try await read.release()
        try await read.expectTheNextFetchReadsTheBands()
    }

    /// When the cancel request cannot be sent (once the read waits, the store's role may open no connection
    /// beyond the change listener's and the pool's one), the read still stops at once and its connection is
    /// closed: the statement runs until the lock is released (as every abandoned statement did before the
    /// cancel request), and then the pool serves the next fetch.
    @Test func aCancelledReadWhoseCancelRequestCannotBeSentStillStops() async throws {
        let role = try await TestDatabase.role("og_limited_")
        var configuration = try TestDatabase.configuration()
        configuration.username = role
        configuration.maximumConnections = 1
        let read = try await HeldRead.start(configuration)
        defer { read.holder.terminate() }
        try await TestDatabase.psql("ALTER ROLE \(role) CONNECTION LIMIT 2")
        try await read.cancel()
        #expect(try await TestDatabase.psql("SELECT count(*) " + read.gatedStatementRuns) == "1")

        try await read.release()
        try await TestDatabase.waitFor(read.noGatedStatement)
        try await read.expectTheNextFetchReadsTheBands()
    }

    /// A save cancelled while its insert waits for a table another session locked ends with
    /// `CancellationError`, writes nothing and keeps the context's changes; saving again writes them.
    @Test func aCancelledSaveWritesNothingAndKeepsItsChanges() async throws {
        var configuration = try TestDatabase.configuration()
        let application = "og_cancel_" + UUID().uuidString.prefix(8)
        configuration.applicationName = application
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<20 { _ = Band(context: context, name: "Band \(number)") }
        let schema = try #require(configuration.schema)
        let locker = try await TestDatabase.lock("Band", in: schema)
        defer { locker.terminate() }
        let saving = Task { @MainActor in try await context.save() }
        try await TestDatabase.waitFor("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(application)' "
            + "AND wait_event_type = 'Lock'")
        saving.cancel()
        await #expect(throws: CancellationError.self) { try await saving.value }
        #expect(context.hasChanges && context.insertedObjects.count == 20)

        try await TestDatabase.unlock("Band", in: schema, held: locker)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 0)
        try await context.save()
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 20)
    }

    /// A save cancelled while its `COMMIT` waits (a deferred trigger holds it on an advisory lock) is not
    /// abandoned, since it may have committed: it waits for the answer, succeeds, and the rows are saved.
    @Test func aSaveCancelledDuringItsCommitWaitsForTheOutcome() async throws {
        var configuration = try TestDatabase.configuration()
        let application = "og_cancel_" + UUID().uuidString.prefix(8)
        configuration.applicationName = application
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let schema = try #require(configuration.schema)
        let gate = Int64.random(in: 1..<Int64(Int32.max))
        try await TestDatabase.psql(Self.commitGate(schema: schema, gate: gate))
        let context = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<3 { _ = Band(context: context, name: "Band \(number)") }

        let holder = try await TestDatabase.holdAdvisoryLock(gate)
        defer { holder.terminate() }
        let saving = Task { @MainActor in try await context.save() }
        try await TestDatabase.waitFor("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(application)' "
            + "AND wait_event_type = 'Lock' AND wait_event = 'advisory' AND query = 'COMMIT'")
        saving.cancel()
        try await TestDatabase.releaseAdvisoryLock(gate)
        _ = await holder.exitStatus()
        await #expect(throws: Never.self) { try await saving.value }
        #expect(!context.hasChanges)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 3)
    }

    /// A read of 200,000 rows through a store of two saved bands, held at row 20,001 (``gateFunction(schema:gate:atRow:)``)
    /// on an advisory lock the test holds, once its first rows have arrived.
    @MainActor struct HeldRead {
        let store: PostgresStore
        let schema: String
        let gate: Int64
        let holder: ToolProcess
        let reading: Task<Int, any Error>

        /// The sessions running the statement of this read, as a query over `pg_stat_activity`'s rows (those
        /// of the held reads of other tests, running in parallel, name other schemas).
        var gatedStatementRuns: String { gatedSessions + " AND state = 'active'" }
        /// The sessions whose last statement is that of this read.
        var gatedSessions: String {
            "FROM pg_stat_activity WHERE query LIKE '%\"\(schema)\".og_gate(g)%' AND pid <> pg_backend_pid()"
        }
        /// No session runs the statement of this read (the count is 1 then).
        var noGatedStatementRuns: String { "SELECT (count(*) = 0)::int " + gatedStatementRuns }
        /// No session's last statement is that of this read.
        var noGatedStatement: String { "SELECT (count(*) = 0)::int " + gatedSessions }

        /// Opens a store with `configuration` (its sessions given a name of their own), saves the bands,
        /// and starts the read; returns once it waits at the gate.
        static func start(_ configuration: PostgresStore.Configuration) async throws -> HeldRead {
            var configuration = configuration
            let application = "og_cancel_" + UUID().uuidString.prefix(8)
            configuration.applicationName = application
            let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
            let saving = try ObjectContext(store: store, model: MusicModel.model)
            for name in ["Low", "Mogwai"] { _ = Band(context: saving, name: name) }
            try await saving.save()
            let schema = try #require(configuration.schema)
            let gate = Int64.random(in: 1..<Int64(Int32.max))
            try await TestDatabase.psql(PostgresCancellationTests.gateFunction(schema: schema, gate: gate, atRow: 20_001))

            let holder = try await TestDatabase.holdAdvisoryLock(gate)
            let (firstRows, arrived) = AsyncStream.makeStream(of: Void.self)
            let reading = Task {
                try await PostgresCancellationTests.countRows(of: "SELECT g FROM generate_series(1, 200000) g WHERE \"\(schema)\".og_gate(g)",
                                                                      in: store, signallingTheFirst: arrived)
            }
            for await _ in firstRows { break }
            try await TestDatabase.waitFor("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(application)' "
                + "AND wait_event_type = 'Lock' AND wait_event = 'advisory'")
            return HeldRead(store: store, schema: schema, gate: gate, holder: holder, reading: reading)
        }

        /// Cancels the read, which ends with `CancellationError`.
        func cancel() async throws {
            reading.cancel()
            await #expect(throws: CancellationError.self) { try await reading.value }
        }

        /// Releases the gate's lock.
        func release() async throws {
            try await TestDatabase.releaseAdvisoryLock(gate)
            _ = await holder.exitStatus()
        }

        /// A fetch through the store reads the two bands.
        func expectTheNextFetchReadsTheBands() async throws {
            let reader = try ObjectContext(store: store, model: MusicModel.model)
            #expect(try await reader.fetch(Band.self, sortedBy: [.ascending(\.name)]).map(\.name) == ["Low", "Mogwai"])
        }
    }

    /// The number of rows `sql` selects, read on a connection of `store`'s pool as a fetch reads them;
    /// `arrived` hears of the first.
    private nonisolated static func countRows(of sql: String, in store: PostgresStore,
                                              signallingTheFirst arrived: AsyncStream<Void>.Continuation) async throws -> Int {
        try await store.withConnection { connection in
            var count = 0
            try await connection.run(sql) { _ in
                count += 1
                if count == 1 { arrived.yield() }
            }
            return count
        }
    }

    /// `og_gate(n)` in `schema`: true, after waiting at row `row` until advisory lock `gate` is free.
    private static func gateFunction(schema: String, gate: Int64, atRow row: Int) -> String {
        """
        CREATE FUNCTION "\(schema)".og_gate(n bigint) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
        BEGIN
            IF n = \(row) THEN PERFORM pg_advisory_lock_shared(\(gate)); PERFORM pg_advisory_unlock_shared(\(gate)); END IF;
            RETURN true;
        END $$
        """
    }

    /// A deferred constraint trigger on `Band` of `schema` that waits, at `COMMIT`, until advisory lock
    /// `gate` is free.
    private static func commitGate(schema: String, gate: Int64) -> String {
        """
        CREATE FUNCTION "\(schema)".og_commit_gate() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_advisory_xact_lock_shared(\(gate));
            RETURN NULL;
        END $$;
        CREATE CONSTRAINT TRIGGER og_commit_gate AFTER INSERT ON "\(schema)"."Band" DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW EXECUTE FUNCTION "\(schema)".og_commit_gate();
        """
    }
}
#endif
