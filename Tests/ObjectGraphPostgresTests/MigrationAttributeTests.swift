#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Attribute steps on a PostgreSQL schema: in place where `ALTER TABLE` can do them, by a rebuild otherwise.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresAttributeMigrationTests {
    typealias M = VersionedModels
    let schema: MigrationSchema

    init() throws { schema = try MigrationSchema() }

    @Test func renameAddRemoveWidenAndLoosenInPlace() async throws {
        let v1 = M.model(EntityDescription(name: "Mood", attributes: [
            M.attribute("date", .date, optional: false), M.attribute("remoteIdentifier", .string), M.attribute("legacy", .string),
            M.attribute("small", .integer16), M.attribute("count", .integer32), M.attribute("body", .string, optional: false),
        ]))
        let v2 = M.model(EntityDescription(name: "Mood", attributes: [
            M.attribute("date", .date, optional: false), M.attribute("rating", .integer16, optional: false, default: .integer(0)),
            M.attribute("remoteID", .string), M.attribute("small", .integer64), M.attribute("count", .string), M.attribute("body", .string),
        ]))
        let keys = try await schema.create(v1, [
            .init(entity: "Mood", values: ["date": .date(Date(timeIntervalSinceReferenceDate: 10)), "remoteIdentifier": .string("a"),
                                           "legacy": .string("x"), "small": .integer(-3), "count": .integer(70_000), "body": .string("b")]),
            .init(entity: "Mood", values: ["date": .date(Date(timeIntervalSinceReferenceDate: 20)), "body": .string("c")]),
        ])
        let oid = try await schema.tableOID("Mood")
        let current = VersionedModels.history([("Moody", v1), ("Moody 2", v2)], stages: [[
            .renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID"),
            .addAttribute(entity: "Mood", attribute: "rating", defaultValue: .integer(0)),
            .removeAttribute(entity: "Mood", attribute: "legacy"),
            .changeAttributeType(entity: "Mood", attribute: "small", from: .integer16, to: .integer64),
            .changeAttributeType(entity: "Mood", attribute: "count", from: .integer32, to: .string),
            .makeAttributeOptional(entity: "Mood", attribute: "body"),
        ]])
        let store = try await schema.open(current)
        defer { store.close() }
        let moods = try await store.describedObjects("Mood")
        #expect(moods[keys[0]]?["remoteID"] == "\"a\"" && moods[keys[0]]?["rating"] == "0" && moods[keys[0]]?["small"] == "-3")
        #expect(moods[keys[0]]?["count"] == "\"70000\"" && moods[keys[1]]?["count"] == "null" && moods[keys[1]]?["remoteID"] == "null")
        #expect(try await schema.tableOID("Mood") == oid, "expected ALTER TABLE, not a rebuild")
        #expect(try await schema.column("SELECT column_name || ' ' || data_type || ' ' || is_nullable FROM information_schema.columns "
            + "WHERE table_schema = current_schema() AND table_name = 'Mood' AND column_name IN ('legacy', 'small', 'count', 'body', 'rating') "
            + "ORDER BY column_name") == ["body text YES", "count text YES", "rating smallint NO", "small bigint YES"])
        #expect(try await schema.column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["Moody 2"])
        #expect(try await schema.column("SELECT value FROM _og_metadata WHERE key = 'versionHash'") == [current.versionHash])
    }

    /// Scalars become the same text as on SQLite (``TextConversion``); a fill value makes an attribute required.
    @Test func losslessTypeChangesWriteTheTextSQLiteWrites() async throws {
        let v1 = M.model(EntityDescription(name: "Value", attributes: [
            M.attribute("ratio", .float), M.attribute("score", .double), M.attribute("flag", .boolean), M.attribute("when", .date),
            M.attribute("id", .uuid), M.attribute("pinned", .boolean),
        ]))
        let v2 = M.model(EntityDescription(name: "Value", attributes: [
            M.attribute("ratio", .double), M.attribute("score", .string), M.attribute("flag", .string), M.attribute("when", .string),
            M.attribute("id", .string), M.attribute("pinned", .boolean, optional: false, default: .bool(false)),
        ]))
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let when = Date(timeIntervalSinceReferenceDate: 1.5)
        let keys = try await schema.create(v1, [
            .init(entity: "Value", values: ["ratio": .double(Double(Float(0.1))), "score": .double(0.1), "flag": .bool(true),
                                            "when": .date(when), "id": .uuid(uuid), "pinned": .bool(true)]),
            .init(entity: "Value", values: [:]), .init(entity: "Value", values: ["flag": .bool(false)]),
        ])
        let current = VersionedModels.history([("1", v1), ("2", v2)], stages: [[
            .changeAttributeType(entity: "Value", attribute: "ratio", from: .float, to: .double),
            .changeAttributeType(entity: "Value", attribute: "score", from: .double, to: .string),
            .changeAttributeType(entity: "Value", attribute: "flag", from: .boolean, to: .string),
            .changeAttributeType(entity: "Value", attribute: "when", from: .date, to: .string),
            .changeAttributeType(entity: "Value", attribute: "id", from: .uuid, to: .string),
            .makeAttributeRequired(entity: "Value", attribute: "pinned", fillValue: .bool(false)),
        ]])
        let store = try await schema.open(current)
        defer { store.close() }
        let values = try await store.describedObjects("Value")
        #expect(values[keys[0]]?["ratio"] == String(Double(Float(0.1))))
        #expect(values[keys[0]]?["score"] == "\"0.1\"" && values[keys[0]]?["flag"] == "\"true\"")
        #expect(values[keys[0]]?["id"] == "\"\(uuid.uuidString)\"" && values[keys[0]]?["pinned"] == "true")
        #expect(values[keys[0]]?["when"] == "\"2001-01-01T00:00:01.500000000Z\"")
        #expect(values[keys[1]]?["pinned"] == "false" && values[keys[1]]?["when"] == "null")
        #expect(values[keys[1]]?["flag"] == "null" && values[keys[1]]?["id"] == "null" && values[keys[2]]?["flag"] == "\"false\"")
        #expect(try await schema.column("SELECT is_nullable FROM information_schema.columns WHERE table_schema = current_schema() "
            + "AND table_name = 'Value' AND column_name = 'pinned'") == ["NO"])
    }

    static let tasks1 = M.model(
        EntityDescription(name: "Task", attributes: [M.attribute("pinned", .boolean), M.attribute("title", .string)]),
        EntityDescription(name: "Chore", parent: "Task", attributes: [
            M.attribute("pinned", .boolean), M.attribute("title", .string), M.attribute("effort", .integer16),
        ]))
    static let tasks2 = M.model(
        EntityDescription(name: "Task", attributes: [
            M.attribute("pinned", .boolean, optional: false, default: .bool(false)), M.attribute("title", .string, optional: false),
        ]),
        EntityDescription(name: "Chore", parent: "Task", attributes: [
            M.attribute("pinned", .boolean, optional: false, default: .bool(false)), M.attribute("title", .string, optional: false),
            M.attribute("effort", .integer16, optional: false, default: .integer(1)),
        ]))
    /// As the generator writes it: a fill value where the newer version has a default, no step for `title`.
    static let tasks = VersionedModels.history([("1", tasks1), ("2", tasks2)], stages: [[
        .makeAttributeRequired(entity: "Task", attribute: "pinned", fillValue: .bool(false)),
        .makeAttributeRequired(entity: "Chore", attribute: "effort", fillValue: .integer(1)),
    ]])

    /// Optional → required in place: NULLs take the fill value (a subentity's only in its own rows), the
    /// root entity's columns become NOT NULL, a column without a fill value is checked to hold values.
    @Test func optionalBecomesRequiredInPlace() async throws {
        let keys = try await schema.create(Self.tasks1, [
            .init(entity: "Task", values: ["pinned": .bool(true), "title": .string("a")]), .init(entity: "Task", values: ["title": .string("b")]),
            .init(entity: "Chore", values: ["title": .string("c")]), .init(entity: "Chore", values: ["title": .string("d"), "effort": .integer(5)]),
        ])
        let oid = try await schema.tableOID("Task")
        let store = try await schema.open(Self.tasks)
        defer { store.close() }
        let tasks = try await store.describedObjects("Task")
        #expect(keys.map { tasks[$0]?["pinned"] } == ["true", "false", "false", "false"])
        #expect(keys.map { tasks[$0]?["effort"] } == [nil, nil, "1", "5"])
        #expect(keys.map { tasks[$0]?["title"] } == ["\"a\"", "\"b\"", "\"c\"", "\"d\""])
        #expect(try await schema.tableOID("Task") == oid, "expected ALTER TABLE, not a rebuild")
        #expect(try await schema.column("SELECT column_name || ' ' || is_nullable FROM information_schema.columns WHERE table_schema = current_schema() "
            + "AND table_name = 'Task' AND column_name IN ('pinned', 'title', 'effort') ORDER BY 1") == ["effort YES", "pinned NO", "title NO"])
        #expect(try await schema.column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["2"])
    }

    /// A required attribute without a fill value that an object leaves empty fails naming the entity,
    /// the attribute and the object, and changes nothing — at the root and in a subentity.
    @Test func optionalBecomingRequiredWithoutAValueFailsNamingTheObject() async throws {
        let keys = try await schema.create(Self.tasks1, [
            .init(entity: "Task", values: ["title": .string("a")]), .init(entity: "Chore", values: ["title": .string("c")]),
            .init(entity: "Task", values: [:]),
        ])
        let error = try await schema.expectFailure(Self.tasks)
        guard case .stepFailed("1 → 2", _, let object, _, let reason)? = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Task", key: .integer(keys[2])) && reason.contains("Task.title"), "\(reason)")

        let chores = try MigrationSchema()
        let choreKeys = try await chores.create(Self.tasks1, [
            .init(entity: "Task", values: ["title": .string("a")]), .init(entity: "Chore", values: ["title": .string("c"), "effort": .integer(2)]),
            .init(entity: "Chore", values: ["title": .string("d"), "effort": .integer(3)]),
        ])
        let effortWithoutFill = VersionedModels.history([("1", Self.tasks1), ("2", Self.tasks2)], stages: [[
            .makeAttributeRequired(entity: "Task", attribute: "pinned", fillValue: .bool(false)),
        ]])
        let choreOID = try await chores.tableOID("Task")
        let store = try await chores.open(effortWithoutFill)
        #expect(try await store.describedObjects("Task")[choreKeys[2]]?["effort"] == "3")
        store.close()
        #expect(try await chores.tableOID("Task") == choreOID, "expected ALTER TABLE, not a rebuild")

        let missingEffort = try MigrationSchema()
        let missingKeys = try await missingEffort.create(Self.tasks1, [
            .init(entity: "Chore", values: ["title": .string("c"), "effort": .integer(2)]), .init(entity: "Chore", values: ["title": .string("d")]),
        ])
        let choreError = try await missingEffort.expectFailure(effortWithoutFill)
        guard case .stepFailed(_, _, let choreObject, _, let choreReason)? = choreError else {
            Issue.record("expected a failed step, got \(String(describing: choreError))")
            return
        }
        #expect(choreObject == AnyObjectID(entityName: "Task", key: .integer(missingKeys[1])) && choreReason.contains("Chore.effort"), "\(choreReason)")
    }
}
#endif
