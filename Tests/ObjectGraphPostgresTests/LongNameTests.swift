#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import ObjectGraphSQL
import Testing

/// Index and constraint names longer than PostgreSQL's 63 bytes: two that share their first 63 bytes are
/// two indexes, a uniqueness constraint under a long name still reports a typed error, and migrations
/// find them by name.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason))
struct PostgresLongNameTests {
    typealias M = VersionedModels
    let schema: MigrationSchema

    init() throws { schema = try MigrationSchema() }

    static let entity = "InstrumentCalibrationMeasurementRecord"
    static let ascending = IndexDescription(name: "byRecordedAtTimestampAndSensorIdentifierAscending",
                                            elements: [.init(property: "recordedAt"), .init(property: "sensor")])
    static let descending = IndexDescription(name: "byRecordedAtTimestampAndSensorIdentifierDescending",
                                             elements: [.init(property: "recordedAt", ascending: false), .init(property: "sensor")])
    static let attributes = [M.attribute("recordedAt", .date), M.attribute("sensor", .string), M.attribute("serial", .string)]
    static let v1 = M.model(EntityDescription(name: entity, attributes: attributes, indexes: [ascending, descending]))
    static let v2 = M.model(EntityDescription(name: entity, attributes: attributes, uniquenessConstraints: [["serial"]], indexes: [ascending]))
    static let migrated = VersionedModels.history([("1", v1), ("2", v2)], stages: [[
        .removeIndex(entity: entity, name: descending.name), .addUniquenessConstraint(entity: entity, properties: ["serial"]),
    ]])

    /// `Table_Entity_indexName` as PostgreSQL stores it.
    static func indexName(_ index: IndexDescription) -> String {
        SQLDialect.postgreSQL.generatedName("\(entity)_\(entity)_\(index.name)")
    }

    /// The schema's index names with their definitions' column lists, sorted.
    func indexes() async throws -> [String] {
        try await schema.column("SELECT indexname || ' ' || substring(indexdef from '\\(.*\\)') FROM pg_indexes "
            + "WHERE schemaname = current_schema() AND tablename = '\(Self.entity)' AND indexname <> '\(Self.entity)_pkey' ORDER BY 1")
    }

    func record(_ serial: String) -> MigrationSchema.Seed {
        .init(entity: Self.entity, values: ["recordedAt": .date(Date(timeIntervalSinceReferenceDate: 60)), "sensor": .string("s"), "serial": .string(serial)])
    }

    @Test func twoLongIndexNamesSharingTheirFirst63BytesAreTwoIndexes() async throws {
        try await schema.create(Self.v1, [])
        #expect(Self.indexName(Self.ascending) != Self.indexName(Self.descending))
        #expect(try await indexes() == [
            "\(Self.indexName(Self.ascending)) (\"recordedAt\", sensor)", "\(Self.indexName(Self.descending)) (\"recordedAt\" DESC, sensor)",
        ].sorted())
    }

    /// The migration drops the removed index by its generated name and adds the constraint under its
    /// own; a duplicate saved afterwards is a typed uniqueness error found by that name.
    @Test func migrationsAndConstraintErrorsFindLongNames() async throws {
        let keys = try await schema.create(Self.v1, [record("a"), record("b")])
        let store = try await schema.open(Self.migrated)
        defer { store.close() }
        let constraint = SQLDialect.postgreSQL.generatedName("\(Self.entity)_unique_\(Self.entity)_0")
        #expect(try await indexes() == ["\(constraint) (serial)", "\(Self.indexName(Self.ascending)) (\"recordedAt\", sensor)"].sorted())
        let duplicate = Snapshot(id: .temporary(entityName: Self.entity), entityName: Self.entity,
                                 values: [.date(Date(timeIntervalSinceReferenceDate: 0)), .string("t"), .string("a")], toOneIDs: [])
        await #expect(throws: ObjectGraphError.uniquenessViolation(entity: Self.entity, properties: ["serial"], values: [.string("a")],
                                                                    object: duplicate.id)) {
            _ = try await store.save(ChangeSet(inserted: [duplicate]))
        }
        #expect(try await store.describedObjects(Self.entity).keys.sorted() == keys)
    }

    /// A schema created before generated names holds a long index under the name the server cut it to:
    /// a migration that removes the index drops it by that name too.
    @Test func migrationsDropAnIndexUnderTheServersCutName() async throws {
        try await schema.create(Self.v1, [])
        let generated = Self.indexName(Self.descending)
        let cut = try #require(SQLDialect.postgreSQL.serverCutName("\(Self.entity)_\(Self.entity)_\(Self.descending.name)"))
        #expect(cut.utf8.count == 63 && cut != generated)
        _ = try await schema.column("ALTER INDEX \"\(generated)\" RENAME TO \"\(cut)\"")
        let store = try await schema.open(Self.migrated)
        defer { store.close() }
        let constraint = SQLDialect.postgreSQL.generatedName("\(Self.entity)_unique_\(Self.entity)_0")
        #expect(try await indexes() == ["\(constraint) (serial)", "\(Self.indexName(Self.ascending)) (\"recordedAt\", sensor)"].sorted())
    }

    /// Rows that break the constraint added under a long name fail the migration naming the values.
    @Test func aLongNamedConstraintThatRowsBreakNamesTheirValues() async throws {
        let keys = try await schema.create(Self.v1, [record("a"), record("b"), record("b")])
        let error = try await schema.expectFailure(Self.migrated)
        guard case .stepFailed("1 → 2", "add uniqueness constraint (serial) to \(Self.entity)", let object, let values, _)? = error else {
            Issue.record("expected the constraint step to fail, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: Self.entity, key: .integer(keys[1])) && values == [.string("b")])
    }
}
#endif
