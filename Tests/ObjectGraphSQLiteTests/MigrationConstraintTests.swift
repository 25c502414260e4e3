import Foundation
import ObjectGraph
@testable import ObjectGraphSQLite
import Testing

/// Uniqueness constraints, indexes, several stages, refusal and unknown versions on SQLite files.
@Suite struct SQLiteConstraintMigrationTests {
    let file: MigrationFile
    var path: String { file.path }

    init() throws { file = try MigrationFile() }

    static let v1 = model(EntityDescription(name: "Country", attributes: [attribute("code", .integer16), attribute("name", .string, indexed: true)],
                                            uniquenessConstraints: [["name"]]))
    static let v2 = model(EntityDescription(name: "Country", attributes: [attribute("code", .integer16), attribute("name", .string)],
                                            uniquenessConstraints: [["code"]],
                                            indexes: [IndexDescription(name: "byCode", elements: [.init(property: "code", ascending: false)])]))
    static let steps: [MigrationStep] = [
        .removeUniquenessConstraint(entity: "Country", properties: ["name"]), .addUniquenessConstraint(entity: "Country", properties: ["code"]),
        .removeIndex(entity: "Country", name: "name"), .addIndex(entity: "Country", name: "byCode"),
    ]

    func indexes() throws -> [String] {
        try RawDatabase(path: path).column("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Country' ORDER BY name")
    }

    @Test func constraintsAndIndexesChange() async throws {
        try await Versions.database(at: path, model: Self.v1, sql: """
            INSERT INTO Country (_pk, _entity, code, name) VALUES (1, 0, 250, 'France');
            INSERT INTO Country (_pk, _entity, code, name) VALUES (2, 0, 276, 'Germany')
            """)
        #expect(try indexes() == ["Country_index_name", "Country_unique_Country_0"])
        let current = Versions.model([("1", Self.v1), ("2", Self.v2)], stages: [Self.steps])
        _ = try await SQLiteStore(at: .file(path), model: current)
        #expect(try indexes() == ["Country_Country_byCode", "Country_unique_Country_0"])
        let unique = try RawDatabase(path: path).column("SELECT sql FROM sqlite_master WHERE name = 'Country_unique_Country_0'")
        #expect(unique.first?.contains("(\"code\")") == true)
    }

    @Test func addingAConstraintThatDataBreaksNamesTheValues() async throws {
        try await Versions.database(at: path, model: Self.v1, sql: """
            INSERT INTO Country (_pk, _entity, code, name) VALUES (1, 0, 250, 'France');
            INSERT INTO Country (_pk, _entity, code, name) VALUES (2, 0, 276, 'Germany');
            INSERT INTO Country (_pk, _entity, code, name) VALUES (3, 0, 250, 'Gaul')
            """)
        let before = try Versions.bytes(path)
        let current = Versions.model([("1", Self.v1), ("2", Self.v2)], stages: [Self.steps])
        let error = await #expect(throws: MigrationError.self) { _ = try await SQLiteStore(at: .file(path), model: current) }
        #expect(try Versions.bytes(path) == before)
        guard case .stepFailed("1 → 2", "add uniqueness constraint (code) to Country", let object, let values, _)? = error else {
            Issue.record("expected the constraint step to fail, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Country", key: .integer(1)) && values == [.integer(250)])
    }

    @Test func migratesThroughEveryStageInOneOpening() async throws {
        let v3 = model(EntityDescription(name: "Country", attributes: [
            attribute("code", .integer32), attribute("name", .string), attribute("population", .integer64, optional: false, default: .integer(-1)),
        ], uniquenessConstraints: [["code"]], indexes: [IndexDescription(name: "byCode", elements: [.init(property: "code", ascending: false)])]))
        try await Versions.database(at: path, model: Self.v1, sql: "INSERT INTO Country (_pk, _entity, code, name) VALUES (1, 0, 250, 'France')")
        let current = Versions.model([("1", Self.v1), ("2", Self.v2), ("3", v3)], stages: [Self.steps, [
            .changeAttributeType(entity: "Country", attribute: "code", from: .integer16, to: .integer32),
            .addAttribute(entity: "Country", attribute: "population", defaultValue: .integer(-1)),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        #expect(try await store.objects("Country")[1]?["population"] == "-1")
        #expect(try RawDatabase(path: path).column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["3"])
        #expect(try indexes() == ["Country_Country_byCode", "Country_unique_Country_0"])
    }

    @Test func refusalLeavesTheFileAlone() async throws {
        try await Versions.database(at: path, model: Self.v1, sql: "INSERT INTO Country (_pk, _entity, code, name) VALUES (1, 0, 250, 'France')")
        let before = try Versions.bytes(path)
        var configuration = SQLiteStore.Configuration()
        configuration.migration = .refuse
        let current = Versions.model([("1", Self.v1), ("2", Self.v2)], stages: [Self.steps])
        await #expect(throws: MigrationError.refused(dataVersion: "1", currentVersion: "2")) {
            _ = try await SQLiteStore(at: .file(path), model: current, configuration: configuration)
        }
        #expect(try Versions.bytes(path) == before)
    }

    @Test func unknownVersionNamesBothHashes() async throws {
        let other = model(EntityDescription(name: "Country", attributes: [attribute("iso", .string)]))
        try await Versions.database(at: path, model: other, sql: "")
        let current = Versions.model([("1", Self.v1), ("2", Self.v2)], stages: [Self.steps])
        await #expect(throws: SQLiteStoreError.modelVersionMismatch(path: path, databaseVersion: other.versionHash, modelVersion: current.versionHash)) {
            _ = try await SQLiteStore(at: .file(path), model: current)
        }
    }

    @Test func stepNamingAnUnknownAttributeIsRefusedBeforeAnyChange() async throws {
        try await Versions.database(at: path, model: Self.v1, sql: "")
        let current = Versions.model([("1", Self.v1), ("2", Self.v2)], stages: [Self.steps + [.removeAttribute(entity: "Country", attribute: "capital")]])
        await #expect(throws: MigrationError.unknownProperty(stage: "1 → 2", entity: "Country", property: "capital", version: "1")) {
            _ = try await SQLiteStore(at: .file(path), model: current)
        }
    }
}
