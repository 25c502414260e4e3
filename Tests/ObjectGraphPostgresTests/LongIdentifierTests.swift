#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import ObjectGraphSQL
import Testing

/// Entity, attribute, relationship and link-table names longer than PostgreSQL's 63 bytes, two of each
/// sharing their first 63 bytes, are stored under ``SQLDialect/generatedName(_:)`` everywhere: schema
/// creation, inserts, fetches with predicates and sorts, to-ones, to-manys and many-to-manys, updates,
/// deletions and a migration that renames and adds a long attribute.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresLongIdentifierTests {
    typealias M = VersionedModels
    static let prefix = "InstrumentCalibrationMeasurementRecordCollectedDuringTheNightlyRun"
    static let record = prefix + "Alpha"
    static let session = prefix + "Beta"
    static let measured = "measuredTemperatureInDegreesCelsiusAtTheMomentOfTheCalibrationStep"
    static let (start, end, finish, middle) = (measured + "Start", measured + "End", measured + "Finish", measured + "Middle")
    static let sessionOfRecord = "calibrationSessionThatThisMeasurementRecordBelongsToDuringTheNightlyRun"
    static let recordsOfSession = "measurementRecordsThatWereCollectedDuringThisCalibrationSessionOfTheNight"
    static let (reviewers, reviewed) = ("reviewingSessions", "reviewedMeasurementRecords")
    static let (approvers, approved) = ("approvingSessions", "approvedMeasurementRecords")

    static func model(_ attributes: [AttributeDescription]) -> ModelDescription {
        M.model(
            EntityDescription(name: record, attributes: attributes, relationships: [
                M.toOne(sessionOfRecord, session, inverse: recordsOfSession),
                M.toMany(reviewers, session, inverse: reviewed), M.toMany(approvers, session, inverse: approved),
            ]),
            EntityDescription(name: session, attributes: [M.attribute("label", .string)], relationships: [
                M.toMany(recordsOfSession, record, inverse: sessionOfRecord),
                M.toMany(reviewed, record, inverse: reviewers), M.toMany(approved, record, inverse: approvers),
            ]))
    }

    static let v1 = model([M.attribute(start, .double), M.attribute(end, .double), M.attribute("serial", .string)])
    static let v2 = model([M.attribute(start, .double), M.attribute(finish, .double), M.attribute("serial", .string),
                           M.attribute(middle, .double, default: .double(0.25))])
    static let migrated = M.history([("1", v1), ("2", v2)], stages: [[
        .renameAttribute(entity: record, from: end, to: finish), .addAttribute(entity: record, attribute: middle, defaultValue: .double(0.25)),
    ]])

    func record(_ serial: String, _ start: Double, _ end: Double, session: Int, reviewers: [Int] = [], approvers: [Int] = []) -> MigrationSchema.Seed {
        .init(entity: Self.record, values: [Self.start: .double(start), Self.end: .double(end), "serial": .string(serial)],
              toOnes: [Self.sessionOfRecord: session], toManys: [Self.reviewers: reviewers, Self.approvers: approvers])
    }

    func ids(_ keys: [Int64], _ entity: String) -> [AnyObjectID] {
        keys.map { AnyObjectID(entityName: entity, key: .integer($0)) }
    }

    func serials(_ store: PostgresStore, _ predicate: StorePredicate?, sortedBy sort: [SortExpression] = [SortExpression(["serial"])]) async throws -> [String] {
        try await store.fetch(StoreFetchRequest(entityName: Self.record, predicate: predicate, sortDescriptors: sort)).map { "\($0.values[2])" }
    }

    @Test func longNamesSharingTheirFirst63BytesStayApartInEveryOperation() async throws {
        let schema = try MigrationSchema()
        let keys = try await schema.create(Self.v1, [
            .init(entity: Self.session, values: ["label": .string("one")]), .init(entity: Self.session, values: ["label": .string("two")]),
            record("a", 1.5, 2.5, session: 0, reviewers: [0, 1], approvers: [1]), record("b", 0.5, 3.5, session: 0, approvers: [0]),
            record("c", 9, 1, session: 1),
        ])
        let dialect = SQLDialect.postgreSQL
        #expect(try await schema.column("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1").filter { $0 != "_og_metadata" }
            == [dialect.generatedName("_link_\(Self.record)_\(Self.approvers)"), dialect.generatedName("_link_\(Self.record)_\(Self.reviewers)"),
                dialect.generatedName(Self.record), dialect.generatedName(Self.session)].sorted())
        #expect(try await schema.column("SELECT count(*) FROM information_schema.columns WHERE table_schema = current_schema() "
            + "AND table_name = '\(dialect.generatedName(Self.record))' AND column_name LIKE 'measured%'") == ["2"])

        let store = try await schema.open(Self.v1)
        defer { store.close() }
        let (sessions, records) = (ids(Array(keys[0...1]), Self.session), ids(Array(keys[2...4]), Self.record))
        #expect(try await serials(store, .compare([Self.start], .greater, .double(1)), sortedBy: [SortExpression([Self.end], ascending: false)]) == ["\"a\"", "\"c\""])
        #expect(try await serials(store, .compare([Self.sessionOfRecord, "label"], .equal, .string("one"))) == ["\"a\"", "\"b\""])
        #expect(Set(try await store.relatedIDs(for: Self.recordsOfSession, of: Self.session, ids: [sessions[0]])[sessions[0]] ?? []) == Set(records[0...1]))
        #expect(Set(try await store.relatedIDs(for: Self.reviewers, of: Self.record, ids: [records[0]])[records[0]] ?? []) == Set(sessions))
        #expect(try await store.relatedIDs(for: Self.approvers, of: Self.record, ids: [records[0]])[records[0]] == [sessions[1]])
        #expect(try await store.relatedIDs(for: Self.approved, of: Self.session, ids: [sessions[0]])[sessions[0]] == [records[1]])
        #expect(try await store.relatedIDs(for: Self.reviewed, of: Self.session, ids: [sessions[1]])[sessions[1]] == [records[0]])

        _ = try await store.save(ChangeSet(
            updated: [UpdatedObject(id: records[0], entityName: Self.record, attributes: [AttributeChange(index: 1, value: .double(7))], toOnes: []),
                      UpdatedObject(id: records[1], entityName: Self.record, attributes: [], toOnes: [ToOneChange(relationshipIndex: 0, destination: sessions[1])])],
            deleted: [DeletedObject(id: records[2], entityName: Self.record)],
            toManyChanges: [ToManyChange(ownerID: records[0], entityName: Self.record, relationshipIndex: 1, added: [], removed: [sessions[0]])]))
        #expect(try await serials(store, .compare([Self.end], .greater, .double(3))) == ["\"a\"", "\"b\""])
        #expect(try await store.relatedIDs(for: Self.recordsOfSession, of: Self.session, ids: [sessions[1]])[sessions[1]] == [records[1]])
        #expect(try await store.relatedIDs(for: Self.reviewers, of: Self.record, ids: [records[0]])[records[0]] == [sessions[1]])
        store.close()

        let current = try await schema.open(Self.migrated)
        defer { current.close() }
        let objects = try await current.describedObjects(Self.record)
        #expect(objects[keys[2]]?[Self.finish] == "7.0" && objects[keys[2]]?[Self.middle] == "0.25" && objects[keys[2]]?[Self.start] == "1.5")
        #expect(objects[keys[3]]?[Self.finish] == "3.5" && objects.count == 2)
        #expect(try await current.relatedIDs(for: Self.approved, of: Self.session, ids: [sessions[0]])[sessions[0]] == [records[1]])
    }
}
#endif
