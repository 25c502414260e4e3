import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQL
@testable import ObjectGraphSQLite
import Testing

func attribute(_ name: String, _ type: AttributeType, optional: Bool = true, default value: AttributeValue? = nil,
               indexed: Bool = false) -> AttributeDescription {
    VersionedModels.attribute(name, type, optional: optional, default: value, indexed: indexed)
}

func toOne(_ name: String, _ destination: String, inverse: String? = nil) -> RelationshipDescription {
    VersionedModels.toOne(name, destination, inverse: inverse)
}

func toMany(_ name: String, _ destination: String, inverse: String? = nil, ordered: Bool = false) -> RelationshipDescription {
    VersionedModels.toMany(name, destination, inverse: inverse, ordered: ordered)
}

func model(_ entities: EntityDescription...) -> ModelDescription {
    ModelDescription(name: "Test", entities: entities)
}

/// Migrations of SQLite files through hand-written version histories: one test per step kind, and its failures.
@Suite struct SQLiteMigrationTests {
    let file: MigrationFile
    var path: String { file.path }

    init() throws { file = try MigrationFile() }

    /// Opens `path` with `current`, expecting the migration to fail with a `MigrationError`; the file
    /// must be byte-for-byte as before.
    func expectFailure(_ current: ModelDescription, customSteps: [CustomMigrationStep] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) async throws -> MigrationError? {
        let before = try Versions.bytes(path)
        let error = await #expect(throws: MigrationError.self, sourceLocation: sourceLocation) {
            _ = try await SQLiteStore(at: .file(path), model: current, customMigrationSteps: customSteps)
        }
        #expect(try Versions.bytes(path) == before, "a failed migration changed the file", sourceLocation: sourceLocation)
        return error
    }

    // MARK: Attributes

    @Test func addAndRenameAttributesInPlace() async throws {
        let v1 = model(EntityDescription(name: "Mood", attributes: [attribute("date", .date, optional: false), attribute("remoteIdentifier", .string)]))
        let v2 = model(EntityDescription(name: "Mood", attributes: [
            attribute("date", .date, optional: false), attribute("rating", .integer16, optional: false, default: .integer(0)),
            attribute("remoteID", .string),
        ]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO Mood (_pk, _entity, date, remoteIdentifier) VALUES (1, 0, 10.0, 'a');
            INSERT INTO Mood (_pk, _entity, date, remoteIdentifier) VALUES (2, 0, 20.0, NULL)
            """)
        let current = Versions.model([("Moody", v1), ("Moody 2", v2)], stages: [[
            .renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID"),
            .addAttribute(entity: "Mood", attribute: "rating", defaultValue: .integer(0)),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        let moods = try await store.objects("Mood")
        #expect(moods[1]?["remoteID"] == "\"a\"" && moods[1]?["rating"] == "0")
        #expect(moods[2]?["remoteID"] == "null" && moods[2]?["date"] == AttributeValue.date(Date(timeIntervalSinceReferenceDate: 20)).description)
        let raw = try RawDatabase(path: path)
        #expect(try raw.column("SELECT sql FROM sqlite_master WHERE name = 'Mood'").first?.contains("DEFAULT 0") == true,
                "expected ALTER TABLE … ADD COLUMN, not a rebuild")
        #expect(try raw.column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["Moody 2"])
        #expect(try raw.column("SELECT value FROM _og_metadata WHERE key = 'versionHash'") == [current.versionHash])
    }

    @Test func removeAttributeAndMakeOptionalAndRequired() async throws {
        let v1 = model(EntityDescription(name: "Note", attributes: [
            attribute("body", .string, optional: false), attribute("pinned", .boolean), attribute("legacy", .string),
        ]))
        let v2 = model(EntityDescription(name: "Note", attributes: [
            attribute("body", .string), attribute("pinned", .boolean, optional: false, default: .bool(false)),
        ]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO Note (_pk, _entity, body, pinned, legacy) VALUES (1, 0, 'x', NULL, 'old');
            INSERT INTO Note (_pk, _entity, body, pinned, legacy) VALUES (2, 0, 'y', 1, 'old')
            """)
        let current = Versions.model([("1", v1), ("2", v2)], stages: [[
            .removeAttribute(entity: "Note", attribute: "legacy"),
            .makeAttributeOptional(entity: "Note", attribute: "body"),
            .makeAttributeRequired(entity: "Note", attribute: "pinned", fillValue: .bool(false)),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        let notes = try await store.objects("Note")
        #expect(notes[1]?["pinned"] == "false" && notes[2]?["pinned"] == "true" && notes[1]?["legacy"] == nil)
        let columns = try RawDatabase(path: path).column("SELECT name FROM pragma_table_info('Note')")
        #expect(!columns.contains("legacy"))
        #expect(try RawDatabase(path: path).rows("SELECT \"notnull\" FROM pragma_table_info('Note') WHERE name = 'body'") == [["0"]])
    }

    @Test func requiredAttributeWithoutValueFailsNamingTheObject() async throws {
        let v1 = model(EntityDescription(name: "Note", attributes: [attribute("title", .string)]))
        let v2 = model(EntityDescription(name: "Note", attributes: [attribute("title", .string, optional: false)]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO Note (_pk, _entity, title) VALUES (1, 0, 'a');
            INSERT INTO Note (_pk, _entity, title) VALUES (7, 0, NULL)
            """)
        let current = Versions.model([("1", v1), ("2", v2)], stages: [[.makeAttributeOptional(entity: "Note", attribute: "title")]])
        let error = try await expectFailure(current)
        guard case .stepFailed("1 → 2", _, let object, _, let reason)? = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Note", key: .integer(7)) && reason.contains("Note.title"))
    }

    @Test func losslessTypeChanges() async throws {
        let v1 = model(EntityDescription(name: "Value", attributes: [
            attribute("small", .integer16), attribute("ratio", .float), attribute("count", .integer32), attribute("score", .double),
            attribute("flag", .boolean), attribute("when", .date), attribute("id", .uuid),
        ]))
        let v2 = model(EntityDescription(name: "Value", attributes: [
            attribute("small", .integer64), attribute("ratio", .double), attribute("count", .string), attribute("score", .string),
            attribute("flag", .string), attribute("when", .string), attribute("id", .string),
        ]))
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        do {
            let writer = try await SQLiteStore(at: .file(path), model: v1)
            _ = try await writer.save(ChangeSet(inserted: [
                Snapshot(id: .temporary(entityName: "Value"), entityName: "Value",
                         values: [.integer(-3), .double(Double(Float(0.1))), .integer(70000), .double(0.1), .bool(true),
                                  .date(Date(timeIntervalSinceReferenceDate: 1.5)), .uuid(uuid)], toOneIDs: []),
                Snapshot(id: .temporary(entityName: "Value"), entityName: "Value",
                         values: [.null, .null, .null, .null, .bool(false), .null, .null], toOneIDs: []),
            ]))
        }
        let current = Versions.model([("1", v1), ("2", v2)], stages: [[
            .changeAttributeType(entity: "Value", attribute: "small", from: .integer16, to: .integer64),
            .changeAttributeType(entity: "Value", attribute: "ratio", from: .float, to: .double),
            .changeAttributeType(entity: "Value", attribute: "count", from: .integer32, to: .string),
            .changeAttributeType(entity: "Value", attribute: "score", from: .double, to: .string),
            .changeAttributeType(entity: "Value", attribute: "flag", from: .boolean, to: .string),
            .changeAttributeType(entity: "Value", attribute: "when", from: .date, to: .string),
            .changeAttributeType(entity: "Value", attribute: "id", from: .uuid, to: .string),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        let values = try await store.objects("Value").sorted { $0.key < $1.key }.map(\.value)
        let value = try #require(values.first)
        #expect(value["small"] == "-3" && value["ratio"] == String(Double(Float(0.1))))
        #expect(value["count"] == "\"70000\"" && value["score"] == "\"0.1\"" && value["flag"] == "\"true\"")
        #expect(value["when"] == "\"2001-01-01T00:00:01.500000000Z\"" && value["id"] == "\"\(uuid.uuidString)\"")
        #expect(values.last?["flag"] == "\"false\"" && values.last?["id"] == "null" && values.last?["score"] == "null")
    }

    /// Dates become ISO 8601 text in UTC with nine fraction digits: exact to the nanosecond, before and
    /// after 2001, and sorting as text in time order.
    @Test func datesBecomeISO8601TextToTheNanosecond() {
        let cases: [(Double, String)] = [
            (0, "2001-01-01T00:00:00.000000000Z"),
            (1.5, "2001-01-01T00:00:01.500000000Z"),
            (-0.25, "2000-12-31T23:59:59.750000000Z"),
            (0.000_000_123, "2001-01-01T00:00:00.000000123Z"),
            (0.999_999_999_9, "2001-01-01T00:00:01.000000000Z"),
            (785_000_000.123_456, "2025-11-16T15:33:20.123456001Z"),
        ]
        for (seconds, text) in cases {
            #expect(TextConversion.text(.date(Date(timeIntervalSinceReferenceDate: seconds)), from: .date) == text, "\(seconds)")
        }
        let texts = cases.map { TextConversion.text(.date(Date(timeIntervalSinceReferenceDate: $0.0)), from: .date) }
        #expect(zip(cases, texts).sorted { $0.0.0 < $1.0.0 }.map(\.1) == texts.sorted())
    }
}
