import Foundation
import ObjectGraph
@testable import ObjectGraphSQLite
import Testing

/// Custom steps filling what inference cannot, and their failures (the Moody chain's mapping models as
/// custom steps are migrated end to end by `Tests/MigrationChainTests`).
@Suite struct SQLiteCustomStepMigrationTests {
    let file: MigrationFile
    var path: String { file.path }

    init() throws { file = try MigrationFile() }

    static let notes1 = model(EntityDescription(name: "Note", attributes: [attribute("title", .string)]))
    static let notes2 = model(EntityDescription(name: "Note", attributes: [attribute("title", .string), attribute("slug", .string, optional: false)]))
    static let notes = Versions.model([("1", notes1), ("2", notes2)], stages: [[.addAttribute(entity: "Note", attribute: "slug", defaultValue: nil)]])

    @Test func customStepFillsARequiredAttribute() async throws {
        try await Versions.database(at: path, model: Self.notes1, sql: """
            INSERT INTO Note (_pk, _entity, title) VALUES (1, 0, 'Hello World');
            INSERT INTO Note (_pk, _entity, title) VALUES (2, 0, 'Bye')
            """)
        let slugs = CustomMigrationStep(from: "1", to: "2", name: "slugs") { session in
            for note in try await session.destinationObjects(of: "Note") {
                guard case .string(let title) = try note.value("title") else { continue }
                try await session.update(note.id, values: ["slug": .string(title.lowercased())])
            }
        }
        let store = try await SQLiteStore(at: .file(path), model: Self.notes, customMigrationSteps: [slugs])
        #expect(try await store.objects("Note")[1]?["slug"] == "\"hello world\"")
        #expect(try RawDatabase(path: path).rows("SELECT \"notnull\" FROM pragma_table_info('Note') WHERE name = 'slug'") == [["1"]])
    }

    @Test func requiredAttributeLeftEmptyByCustomStepsFails() async throws {
        try await Versions.database(at: path, model: Self.notes1, sql: """
            INSERT INTO Note (_pk, _entity, title) VALUES (1, 0, 'Hello');
            INSERT INTO Note (_pk, _entity, title) VALUES (2, 0, NULL)
            """)
        let partial = CustomMigrationStep(from: "1", to: "2", name: "slugs") { session in
            for note in try await session.destinationObjects(of: "Note") where !(try note.value("title")).isNull {
                try await session.update(note.id, values: ["slug": try note.value("title")])
            }
        }
        let before = try Versions.bytes(path)
        let error = await #expect(throws: MigrationError.self) {
            _ = try await SQLiteStore(at: .file(path), model: Self.notes, customMigrationSteps: [partial])
        }
        #expect(try Versions.bytes(path) == before)
        guard case .stepFailed("1 → 2", _, let object, _, let reason)? = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Note", key: .integer(2)) && reason.contains("Note.slug"))
    }

    struct Refusal: Error {}

    @Test func failingCustomStepRollsBackAndNamesTheStep() async throws {
        try await Versions.database(at: path, model: Self.notes1, sql: "INSERT INTO Note (_pk, _entity, title) VALUES (1, 0, 'Hello')")
        let failing = CustomMigrationStep(from: "1", to: "2", name: "explode") { session in
            _ = try await session.insert("Note", values: ["title": .string("new"), "slug": .string("new")])
            throw Refusal()
        }
        let before = try Versions.bytes(path)
        let error = await #expect(throws: MigrationError.self) {
            _ = try await SQLiteStore(at: .file(path), model: Self.notes, customMigrationSteps: [failing])
        }
        #expect(try Versions.bytes(path) == before)
        guard case .customStepFailed("1 → 2", "explode", _)? = error else {
            Issue.record("expected the custom step's failure, got \(String(describing: error))")
            return
        }
    }

    @Test func unknownNamesInCustomStepsAreErrors() async throws {
        try await Versions.database(at: path, model: Self.notes1, sql: "INSERT INTO Note (_pk, _entity, title) VALUES (1, 0, 'Hello')")
        let cases: [(CustomMigrationStep.Body, MigrationError)] = [
            ({ session in _ = try await session.sourceObjects(of: "Planet") }, .unknownEntity(stage: "1 → 2", entity: "Planet", version: "1")),
            ({ session in _ = try await session.sourceObjects(of: "Note").first?.value("slug") },
             .unknownProperty(stage: "1 → 2", entity: "Note", property: "slug", version: "1")),
            ({ session in _ = try await session.insert("Note", values: ["body": .string("x")]) },
             .unknownProperty(stage: "1 → 2", entity: "Note", property: "body", version: "2")),
            ({ session in try await session.setRelationship("author", of: AnyObjectID(entityName: "Note", key: .integer(1)), to: nil) },
             .unknownProperty(stage: "1 → 2", entity: "Note", property: "author", version: "2")),
        ]
        for (body, expected) in cases {
            await #expect(throws: expected) {
                _ = try await SQLiteStore(at: .file(path), model: Self.notes,
                                          customMigrationSteps: [CustomMigrationStep(from: "1", to: "2", name: "names", body)])
            }
        }
    }
}
