import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Atomic saves and crash safety on file databases.
@Suite struct DurabilityTests {
    @Test func failedSaveOfAThousandInsertsLeavesTheDatabaseExactlyAsBefore() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("atomic.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        let seeding = try ObjectContext(store: store, model: MusicModel.model)
        TranslationData.insert(into: seeding)
        try await seeding.save()
        let before = try RawDatabase(path: path).dump()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let tags = (0..<1000).map { number in Tag(context: context, name: number == 500 ? "grunge" : "tag-\(number)") }
        await #expect(throws: ObjectGraphError.uniquenessViolation(
            entity: "Tag", properties: ["name"], values: [.string("grunge")], object: tags[500].objectID)) {
            try await context.save()
        }
        #expect(try RawDatabase(path: path).dump() == before)
        #expect(context.hasChanges)
        #expect(context.insertedObjects.count == 1000)
    }

    @Test func killedWriterLeavesExactlyTheCompletedSaves() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        let writer = Process()
        writer.executableURL = try Self.helperURL()
        writer.arguments = [path]
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        let printed = Self.lastSave(in: await ProcessOutput.lines(of: output.fileHandleForReading, until: 40 + Int.random(in: 0..<40)) {
            kill(writer.processIdentifier, SIGKILL)
        })
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)
        #expect(printed >= 40)

        let database = try RawDatabase(path: path)
        #expect(try database.column("PRAGMA integrity_check") == ["ok"])
        let labels = try database.column("SELECT name FROM Label ORDER BY _pk")
        let saves = labels.count
        // A save can commit in the instant between its COMMIT and its line being printed.
        #expect(saves == printed || saves == printed + 1)
        #expect(labels == (1...max(saves, 1)).prefix(saves).map { "label \($0)" })
        #expect(try database.column("SELECT count(*) FROM Band") == ["\(saves * 3)"])
        #expect(try database.column("SELECT count(*) FROM Band WHERE label IS NULL") == ["0"])

        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == saves * 3)
    }

    /// The helper executable, built next to the test bundle.
    static func helperURL() throws -> URL {
        try HelperExecutable.url(named: "sqlite-crash-writer")
    }

    /// The highest save number among `saved N` lines.
    private static func lastSave(in lines: [String]) -> Int {
        lines.compactMap { Int($0.dropFirst("saved ".count)) }.max() ?? 0
    }
}
