#if PostgreSQL
import Foundation
import Synchronization
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Several processes on one database: version checks make concurrent read-modify-write saves exact, and a
/// process killed in the middle of a save loses nothing that committed and leaves nothing of that save.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresMultiProcessTests {
    static let processes = 4
    static let savesPerProcess = 250

    /// 4 processes each make 250 saves, each adding 1 to two of four shared counters and retrying after a
    /// merge conflict: every counter ends at exactly the number of increments made to it.
    @Test func concurrentIncrementsWithConflictRetriesEndWithTheExactTotals() async throws {
        let configuration = try TestDatabase.configuration()
        let schema = try #require(configuration.schema)
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let setup = try ObjectContext(store: store, model: MusicModel.model)
        for counter in 0..<4 { Band(context: setup, name: "counter \(counter)").rating = 0 }
        try await setup.save()

        let arguments = Array(repeating: ["increment", schema, "\(Self.savesPerProcess)"], count: Self.processes)
        let conflicts = try await WriterProcess.withWriters(arguments) { writers in
            var conflicts = 0
            for writer in writers {
                #expect(await writer.waitForExit() == 0)
                let done = try #require(writer.output.last?.split(separator: " "), "\(writer.output)")
                #expect(done.count == 3 && done[0] == "done" && done[1] == "\(Self.savesPerProcess)")
                conflicts += done.count == 3 ? Int(done[2]) ?? 0 : 0
            }
            return conflicts
        }

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let counters = try await Band.fetch(in: reader, where: .beginsWith(\.name, "counter "), sortedBy: [.ascending(\.name)])
        let expected = (0..<4).map { counter in
            Double(Self.processes * (0..<Self.savesPerProcess).filter { $0 % 4 == counter || ($0 + 1) % 4 == counter }.count)
        }
        #expect(counters.map(\.rating) == expected, "after \(conflicts) conflicts")
        #expect(counters.map(\.rating).reduce(0, +) == Double(Self.processes * Self.savesPerProcess * 2))
    }

    /// The arguments of a `batches` writer in a new schema of its own (its band names are unique there).
    private func batchesWriter() async throws -> [[String]] {
        let store = try await TestDatabase.store()
        let schema = try #require(store.configuration.schema)
        return [["batches", schema, "1000", "og_reap_" + UUID().uuidString.prefix(8)]]
    }

    /// A test that throws, or is cancelled (a time limit), before it kills its `batches` writer (which
    /// saves until killed) leaves no writer running: `withWriters` kills it and waits for its exit.
    @Test func aWriterDoesNotOutliveATestThatFailsOrIsCancelled() async throws {
        struct Failure: Error {}
        let started = Mutex<[WriterProcess]>([])
        await #expect(throws: Failure.self) {
            try await WriterProcess.withWriters(try await batchesWriter()) { writers in
                started.withLock { $0 += writers }
                try await writers[0].waitForLine { $0 == "committed 0" }
                throw Failure()
            }
        }
        // Waiting for the writer's exit ignores cancellation: only the kill on cancellation ends the wait.
        let arguments = try await batchesWriter()
        let cancelled = Task {
            try await WriterProcess.withWriters(arguments) { writers in
                started.withLock { $0 += writers }
                return await writers[0].waitForExit()
            }
        }
        defer { cancelled.cancel() }
        for _ in 0..<2400 where started.withLock({ $0.count }) < 2 { try await Task.sleep(for: .milliseconds(50)) }
        let writers = started.withLock { $0 }
        try #require(writers.count == 2)
        try await writers[1].waitForLine { $0 == "committed 0" }
        cancelled.cancel()
        #expect(try await cancelled.value == SIGKILL)
        for writer in writers {
            #expect(!writer.process.isRunning && writer.process.terminationReason == .uncaughtSignal)
        }
    }

    /// The writer saves batches of 1,000 bands then an album; the test locks the album table, so the next
    /// save waits after writing its bands, and kills the writer with SIGKILL there. Every batch it reported
    /// committed is complete, and nothing of the save it was in is stored.
    @Test func aWriterKilledInTheMiddleOfASaveLosesNoCommittedSaveAndLeavesNoPartialOne() async throws {
        let configuration = try TestDatabase.configuration()
        let schema = try #require(configuration.schema)
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let application = "og_kill_" + UUID().uuidString.prefix(8)
        let committed = try await WriterProcess.withWriters([["batches", schema, "1000", application]]) { writers in
            let writer = writers[0]
            try await writer.waitForLine { $0 == "committed 2" }
            let locker = try await TestDatabase.lock("Album", in: schema)
            defer { locker.terminate() }
            try await TestDatabase.waitFor("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(application)' "
                + "AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO \"Album\"%'")
            writer.killIfRunning()
            _ = await writer.waitForExit()
            #expect(writer.process.terminationReason == .uncaughtSignal)
            try await TestDatabase.unlock("Album", in: schema, held: locker)
            return try #require(writer.output.compactMap { Int($0.dropFirst("committed ".count)) }.max())
        }
        try await TestDatabase.waitFor("SELECT CASE WHEN count(*) = 0 THEN 1 ELSE 0 END FROM pg_stat_activity "
            + "WHERE application_name = '\(application)'")

        let batches = try await TestDatabase.psql("SELECT split_part(name, '-', 1) || ':' || count(*) FROM \"\(schema)\".\"Band\" "
            + "GROUP BY split_part(name, '-', 1) ORDER BY min(\"_pk\")").split(separator: "\n").map(String.init)
        #expect(batches == (0...committed).map { "batch \($0):1000" })
        let albums = try await TestDatabase.psql("SELECT title FROM \"\(schema)\".\"Album\" ORDER BY \"_pk\"").split(separator: "\n").map(String.init)
        #expect(albums == (0...committed).map { "batch \($0)" })

        let context = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: context, name: "after the kill")
        try await context.save()
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == (committed + 1) * 1000 + 1)
    }
}
#endif
