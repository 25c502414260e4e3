#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Synchronization
import Testing

/// Custom steps, failures that must leave the schema unchanged, the migration policy, unknown versions,
/// and several stores starting at once on a schema of an older version.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresMigrationRunTests {
    typealias M = VersionedModels
    let schema: MigrationSchema

    init() throws { schema = try MigrationSchema() }

    static let notes1 = M.model(EntityDescription(name: "Note", attributes: [M.attribute("title", .string)],
                                                  relationships: [M.toOne("folder", "Folder", inverse: "notes")]),
                                EntityDescription(name: "Folder", attributes: [M.attribute("name", .string)],
                                                  relationships: [M.toMany("notes", "Note", inverse: "folder", ordered: true)]))
    static let notes2 = M.model(EntityDescription(name: "Note", attributes: [M.attribute("title", .string), M.attribute("slug", .string, optional: false)],
                                                  relationships: [M.toOne("folder", "Folder", inverse: "notes")]),
                                EntityDescription(name: "Folder", attributes: [M.attribute("name", .string)],
                                                  relationships: [M.toMany("notes", "Note", inverse: "folder", ordered: true)]))
    static let notes = VersionedModels.history([("1", notes1), ("2", notes2)], stages: [[.addAttribute(entity: "Note", attribute: "slug", defaultValue: nil)]])

    /// Notes "Hello World" and "Bye" (keys returned), the second in a folder (both sides given, as a context saves them).
    @discardableResult
    func createNotes(secondTitle: AttributeValue = .string("Bye")) async throws -> [Int64] {
        try await schema.create(Self.notes1, [
            .init(entity: "Note", values: ["title": .string("Hello World")]), .init(entity: "Note", values: ["title": secondTitle], toOnes: ["folder": 2]),
            .init(entity: "Folder", values: ["name": .string("inbox")], toManys: ["notes": [1]]),
        ])
    }

    @Test func customStepsReadTheOlderVersionAndWriteTheNewer() async throws {
        let keys = try await createNotes()
        let slugs = CustomMigrationStep(from: "1", to: "2", name: "slugs") { session in
            let old = try await session.sourceObjects(of: "Note")
            #expect(old.count == 2)
            for note in try await session.destinationObjects(of: "Note") {
                guard case .string(let title) = try note.value("title") else { continue }
                try await session.update(note.id, values: ["slug": .string(title.lowercased())])
            }
            let folder = try await session.insert("Folder", values: ["name": .string("archive")])
            let extra = try await session.insert("Note", values: ["title": .string("new"), "slug": .string("new")])
            try await session.setRelationship("folder", of: extra, to: folder)
            let inbox = try session.destinationID(of: AnyObjectID(entityName: "Folder", key: .integer(keys[2])), entity: "Folder")
            try await session.addToRelationship("notes", of: inbox, [AnyObjectID(entityName: "Note", key: .integer(keys[0]))])
            let doomed = try await session.insert("Note", values: ["title": .string("gone"), "slug": .string("gone")])
            try await session.delete(doomed)
        }
        let store = try await schema.open(Self.notes, customSteps: [slugs])
        defer { store.close() }
        let notes = try await store.describedObjects("Note")
        #expect(notes[keys[0]]?["slug"] == "\"hello world\"" && notes[keys[1]]?["slug"] == "\"bye\"")
        #expect(notes.count == 3 && notes.values.contains { $0["title"] == "\"new\"" && $0["folder"] != "nil" })
        let inbox = AnyObjectID(entityName: "Folder", key: .integer(keys[2]))
        let inboxNotes = try await store.relatedIDs(for: "notes", of: "Folder", ids: [inbox])[inbox]
        #expect(inboxNotes == [keys[1], keys[0]].map { AnyObjectID(entityName: "Note", key: .integer($0)) })
        #expect(try await schema.column("SELECT is_nullable FROM information_schema.columns WHERE table_schema = current_schema() "
            + "AND table_name = 'Note' AND column_name = 'slug'") == ["NO"])
        // Keys handed out by the custom step stay taken.
        let created = try await store.save(ChangeSet(inserted: [Snapshot(
            id: .temporary(entityName: "Note"), entityName: "Note", values: [.string("x"), .string("x")], toOneIDs: [nil])]))
        guard case .integer(let key)? = created.first?.key else { throw MigrationTestError("no key for the new note") }
        #expect(key > notes.keys.max() ?? 0)
    }

    struct Refusal: Error {}

    @Test func failingCustomStepLeavesTheSchemaAtTheOlderVersion() async throws {
        try await createNotes()
        let failing = CustomMigrationStep(from: "1", to: "2", name: "explode") { session in
            _ = try await session.insert("Note", values: ["title": .string("new"), "slug": .string("new")])
            throw Refusal()
        }
        let error = try await schema.expectFailure(Self.notes, customSteps: [failing])
        guard case .customStepFailed("1 → 2", "explode", _)? = error else {
            Issue.record("expected the custom step's failure, got \(String(describing: error))")
            return
        }
        #expect(try await schema.column("SELECT value FROM _og_metadata WHERE key = 'versionHash'") == [Self.notes1.versionHash])
        let store = try await schema.open(Self.notes1)
        defer { store.close() }
        #expect(try await store.describedObjects("Note").count == 2)
    }

    @Test func requiredAttributeLeftEmptyNamesTheObjectAndChangesNothing() async throws {
        let keys = try await createNotes(secondTitle: .null)
        let partial = CustomMigrationStep(from: "1", to: "2", name: "slugs") { session in
            for note in try await session.destinationObjects(of: "Note") where !(try note.value("title")).isNull {
                try await session.update(note.id, values: ["slug": try note.value("title")])
            }
        }
        let error = try await schema.expectFailure(Self.notes, customSteps: [partial])
        guard case .stepFailed("1 → 2", _, let object, _, let reason)? = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Note", key: .integer(keys[1])) && reason.contains("Note.slug"))
    }

    @Test func refusalAndUnknownVersionsLeaveTheSchemaAlone() async throws {
        try await createNotes()
        var refusing = schema.configuration
        refusing.migration = .refuse
        let before = try await schema.dump()
        await #expect(throws: MigrationError.refused(dataVersion: "1", currentVersion: "2")) {
            _ = try await PostgresStore(configuration: refusing, model: Self.notes)
        }
        let stranger = M.model(EntityDescription(name: "Note", attributes: [M.attribute("body", .binary)]))
        let unknown = VersionedModels.history([("7", stranger), ("8", Self.notes2)], stages: [[]])
        await #expect(throws: PostgresStoreError.modelVersionMismatch(databaseVersion: Self.notes1.versionHash, modelVersion: unknown.versionHash)) {
            _ = try await schema.open(unknown)
        }
        #expect(try await schema.dump() == before)
    }

    /// Four stores start at once on a schema of the older version: one migrates (its custom step runs
    /// once), the others wait for the lock and open the migrated schema.
    @Test func concurrentStoresMigrateExactlyOnce() async throws {
        let keys = try await createNotes()
        let runs = Atomic(0)
        let slugs = CustomMigrationStep(from: "1", to: "2", name: "slugs") { session in
            runs.add(1, ordering: .sequentiallyConsistent)
            try await Task.sleep(for: .milliseconds(300))
            for note in try await session.destinationObjects(of: "Note") {
                try await session.update(note.id, values: ["slug": .string("slug \(note.id)")])
            }
        }
        let configuration = schema.configuration
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await PostgresStore(configuration: configuration, model: Self.notes, customMigrationSteps: [slugs]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(stores.count == 4 && runs.load(ordering: .sequentiallyConsistent) == 1)
        for store in stores {
            #expect(try await store.describedObjects("Note")[keys[0]]?["slug"] == "\"slug Note/\(keys[0])\"")
            store.close()
        }
        #expect(try await schema.column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["2"])
    }
}
#endif
