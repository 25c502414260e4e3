import Foundation
import ObjectGraph
import ObjectGraphConformance
@testable import ObjectGraphSQLite
import Testing

/// A migration killed with SIGKILL leaves the older or the newer version, whole.
@Suite struct SQLiteMigrationCrashTests {
    static let bands = 200_000

    @Test func killedMigrationLeavesTheOldOrTheNewVersion() async throws {
        let file = try MigrationFile()
        let code = MusicHistory.firstVersion.entities.map(\.name).sorted().firstIndex(of: "Band") ?? 0
        try await Versions.database(at: file.path, model: MusicHistory.firstVersion, sql: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.bands))
            INSERT INTO Band (_pk, _entity, name, rating, isActive, legacy) SELECT i, \(code), 'band ' || i, i * 0.5, 1, 'x' FROM n;
            UPDATE _og_sequence SET last = \(Self.bands) WHERE "table" = 'Band'
            """)
        let writer = Process()
        writer.executableURL = try DurabilityTests.helperURL()
        writer.arguments = ["migrate", file.path]
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        let started = await Self.firstLine(of: output.fileHandleForReading)
        #expect(started == "migrating")
        try await Task.sleep(for: .milliseconds(Int.random(in: 20...400)))
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()

        let database = try RawDatabase(path: file.path)
        #expect(try database.column("PRAGMA integrity_check") == ["ok"])
        let hash = try database.column("SELECT value FROM _og_metadata WHERE key = 'versionHash'")
        #expect(hash == [MusicHistory.firstVersion.versionHash] || hash == [MusicHistory.model.versionHash])
        print("migration crash test: killed \(hash == [MusicHistory.firstVersion.versionHash] ? "during" : "after") the migration")
        #expect(try database.column("SELECT count(*) FROM Band") == ["\(Self.bands)"])
        #expect(try database.column("SELECT name FROM sqlite_master WHERE name LIKE '\\_og\\_old%' ESCAPE '\\'").isEmpty)

        let store = try await SQLiteStore(at: .file(file.path), model: MusicHistory.model)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == Self.bands)
        #expect(try database.column("SELECT value FROM _og_metadata WHERE key = 'versionHash'") == [MusicHistory.model.versionHash])
        #expect(try database.column("SELECT rating FROM Band WHERE _pk = 7") == ["3.5"])
    }

    /// The first line `handle` delivers, read on a dedicated thread.
    static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                while !text.contains("\n") {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                continuation.resume(returning: String(text.split(separator: "\n").first ?? ""))
            }.start()
        }
    }
}
