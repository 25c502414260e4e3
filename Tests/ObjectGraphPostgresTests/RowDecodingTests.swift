#if PostgreSQL
import Foundation
@testable import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Fetches and to-many prefetches decode rows straight into objects (`PostgresStore.fetchObjects`,
/// `relatedObjects`): the same values, versions and to-ones, and the same values rejected with the same
/// errors, as decoding the same rows through snapshots, for every attribute type, including values
/// another tool wrote into columns whose type it changed.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresRowDecodingTests {
    /// A store with one `Sample` row written through a context, and its schema's name.
    private func sampleStore() async throws -> (PostgresStore, String) {
        let configuration = try TestDatabase.configuration()
        let store = try await PostgresStore(configuration: configuration, model: SampleModel.model.schema)
        let context = try ObjectContext(store: store, model: SampleModel.model)
        let sample = Sample(entity: Sample.entity)
        sample.text = "first"
        sample.large = 7
        sample.when = Date(timeIntervalSinceReferenceDate: 1_000.5)
        sample.bytes = Data([1, 2, 3])
        sample.identifier = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        sample.amount = Decimal(string: "12.50")
        sample.link = URL(string: "https://example.com/a")
        sample.tags = ["a", "b"]
        sample.place = SamplePlace(name: "Oslo", latitude: 59.9)
        sample.blob = Data([0, 255])
        context.insert(sample)
        try await context.save()
        return (store, try #require(configuration.schema))
    }

    /// What loading the store's rows gives: each object's attribute values and version, or the error's
    /// description. Values are equal when they are the same value: NaN is NaN.
    private enum Outcome: Equatable {
        case objects(values: [[AttributeValue]], versions: [Int64])
        case failure(String)

        static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            switch (lhs, rhs) {
            case (.objects(let lhsValues, let lhsVersions), .objects(let rhsValues, let rhsVersions)):
                lhsVersions == rhsVersions && lhsValues.count == rhsValues.count
                    && zip(lhsValues, rhsValues).allSatisfy { $0.count == $1.count && zip($0, $1).allSatisfy(isSame) }
            case (.failure(let lhs), .failure(let rhs)): lhs == rhs
            default: false
            }
        }

        private static func isSame(_ lhs: AttributeValue, _ rhs: AttributeValue) -> Bool {
            if case .double(let lhs) = lhs, case .double(let rhs) = rhs { return lhs.bitPattern == rhs.bitPattern }
            return lhs == rhs
        }
    }

    private func outcome(_ load: () async throws -> [ManagedObject]) async -> Outcome {
        do {
            let objects = try await load()
            return .objects(
                values: objects.map { object in object.entity.attributes.indices.map(object.attributeValue(at:)) },
                versions: objects.map(\.committedVersion))
        } catch {
            return .failure("\(error)")
        }
    }

    /// The outcome of a context's fetch (rows decoded into objects), of the same rows as snapshots, and of
    /// a context's lookup of the same objects by ID (rows decoded into objects, `ObjectContext.objects(for:)`).
    private func outcomes(_ store: PostgresStore, entityName: String, model: ManagedObjectModel) async -> (rows: Outcome, snapshots: Outcome, lookups: Outcome) {
        let request = StoreFetchRequest(entityName: entityName, sortDescriptors: [])
        let rows = await outcome {
            let context = try ObjectContext(store: store, model: model)
            return try await context.fetchObjects(request)
        }
        let snapshots = await outcome {
            let context = try ObjectContext(store: store, model: model)
            return try context.materialize(try await store.fetch(request))
        }
        let lookups = await outcome {
            let context = try ObjectContext(store: store, model: model)
            let ids = try await store.fetchIDs(request, withValuesOf: []).ids
            let found = try await context.objects(for: Array(ids))
            return ids.compactMap { found[$0] }
        }
        return (rows, snapshots, lookups)
    }

    /// Columns as another tool could leave them: a statement on the `Sample` table (`ALTER TABLE` changing
    /// a column's type, or `UPDATE`), run before the fetch. Values of every declared type; integers out of
    /// their attribute's range, text in numeric columns, numbers in text columns, JSON that does not
    /// decode, NULL in required attributes, NaN and infinities.
    private static let storedValues: [String] = [
        "UPDATE t SET small = 32767, medium = -2147483648, large = 9223372036854775807",
        "ALTER TABLE t ALTER small TYPE integer; UPDATE t SET small = 40000",
        "ALTER TABLE t ALTER small TYPE bigint; UPDATE t SET small = -32768",
        "ALTER TABLE t ALTER medium TYPE bigint; UPDATE t SET medium = 3000000000",
        "ALTER TABLE t ALTER large TYPE numeric; UPDATE t SET large = 1500",
        "ALTER TABLE t ALTER large TYPE text; UPDATE t SET large = '9x'",
        "ALTER TABLE t ALTER small DROP NOT NULL; UPDATE t SET small = NULL",
        "UPDATE t SET flag = true, level = true",
        "ALTER TABLE t ALTER flag TYPE smallint USING 2",
        "ALTER TABLE t ALTER flag TYPE text USING 'yes'",
        "UPDATE t SET real = 'NaN', single = '-Infinity'",
        "ALTER TABLE t ALTER real TYPE real USING 1.5",
        "ALTER TABLE t ALTER real TYPE numeric USING 7.25",
        "ALTER TABLE t ALTER single TYPE double precision USING 1e300",
        "UPDATE t SET text = ''",
        "ALTER TABLE t ALTER text TYPE varchar(20)",
        "ALTER TABLE t ALTER text TYPE integer USING 42",
        "ALTER TABLE t ALTER text TYPE bytea USING 'AB'::bytea",
        "UPDATE t SET \"when\" = 'infinity'",
        "ALTER TABLE t ALTER \"when\" TYPE timestamp USING '2001-02-03 04:05:06.789'",
        "ALTER TABLE t ALTER \"when\" TYPE text USING 'soon'",
        "ALTER TABLE t ALTER \"when\" TYPE date USING '2001-02-03'",
        "UPDATE t SET bytes = ''::bytea",
        "ALTER TABLE t ALTER bytes TYPE text USING 'text'",
        "UPDATE t SET identifier = NULL",
        "ALTER TABLE t ALTER identifier TYPE text USING 'abc'",
        "ALTER TABLE t ALTER identifier TYPE text USING '00010203-0405-0607-0809-0a0b0c0d0e0f'",
        "UPDATE t SET amount = 'NaN'",
        "UPDATE t SET amount = 123456789012345678901234567890.123456789",
        "ALTER TABLE t ALTER amount TYPE text USING 'abc'",
        "ALTER TABLE t ALTER amount TYPE integer USING 3",
        "UPDATE t SET link = ''",
        "UPDATE t SET link = 'https://example.com/a b'",
        "ALTER TABLE t ALTER link TYPE integer USING 5",
        "ALTER TABLE t ALTER note TYPE integer USING 5",
        "UPDATE t SET count = NULL, ratio = NULL, note = NULL",
        "ALTER TABLE t ALTER count TYPE bigint USING 99999999999",
        "ALTER TABLE t ALTER ratio TYPE text USING 'r'",
        "UPDATE t SET level = false",
        "UPDATE t SET code = 42",
        "UPDATE t SET tags = convert_to('[\"x\"]', 'UTF8'), place = convert_to('{\"name\":\"Bergen\",\"latitude\":60.4}', 'UTF8')",
        "UPDATE t SET tags = convert_to('not json', 'UTF8')",
        "UPDATE t SET place = convert_to('{\"name\":1}', 'UTF8')",
        "ALTER TABLE t ALTER tags TYPE jsonb USING '[\"x\"]'",
        "ALTER TABLE t ALTER tags TYPE text USING '[\"x\"]'",
        "UPDATE t SET blob = NULL, tags = NULL, place = NULL",
        "ALTER TABLE t ALTER blob TYPE text USING 'text'",
        "UPDATE t SET _version = 41",
    ]

    @Test(arguments: storedValues)
    func aStoredValueDecodesFromARowAsFromASnapshot(statement: String) async throws {
        let (store, schema) = try await sampleStore()
        let sql = statement.replacingOccurrences(of: "TABLE t ", with: "TABLE \"\(schema)\".\"Sample\" ")
            .replacingOccurrences(of: "UPDATE t ", with: "UPDATE \"\(schema)\".\"Sample\" ")
        try await TestDatabase.psql(sql)
        let (rows, snapshots, lookups) = await outcomes(store, entityName: "Sample", model: SampleModel.model)
        #expect(rows == snapshots, "\(statement)")
        #expect(lookups == rows, "\(statement)")
    }

    @Test func anIntegerOutOfRangeFailsTheFetchNamingEntityAttributeAndValue() async throws {
        let (store, schema) = try await sampleStore()
        try await TestDatabase.psql("ALTER TABLE \"\(schema)\".\"Sample\" ALTER small TYPE integer USING 40000")
        let context = try ObjectContext(store: store, model: SampleModel.model)
        await #expect(throws: ObjectGraphError.typeMismatch(entity: "Sample", attribute: "small", expected: .integer16, value: .integer(40000))) {
            _ = try await context.fetch(Sample.self)
        }
        #expect(context.registeredObjects.isEmpty)
    }

    @Test func aValueThatDoesNotDecodeFailsTheFetchNamingTheRow() async throws {
        let (store, schema) = try await sampleStore()
        try await TestDatabase.psql("ALTER TABLE \"\(schema)\".\"Sample\" ALTER identifier TYPE text USING 'abc'")
        let context = try ObjectContext(store: store, model: SampleModel.model)
        await #expect(throws: ObjectGraphError.inconsistentData("Sample/1: the stored identifier is not a valid uuid")) {
            _ = try await context.fetch(Sample.self)
        }
    }

    @Test func everyTypeRoundTripsThroughRows() async throws {
        let (store, _) = try await sampleStore()
        let context = try ObjectContext(store: store, model: SampleModel.model)
        let sample = try #require(try await context.fetch(Sample.self).first)
        #expect(sample.text == "first" && sample.large == 7 && sample.when == Date(timeIntervalSinceReferenceDate: 1_000.5))
        #expect(sample.bytes == Data([1, 2, 3]) && sample.identifier == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(sample.amount == Decimal(string: "12.50") && sample.link == URL(string: "https://example.com/a"))
        #expect(sample.tags == ["a", "b"] && sample.place == SamplePlace(name: "Oslo", latitude: 59.9) && sample.blob == Data([0, 255]))
        #expect(sample.note == nil && sample.count == nil && sample.scratch == nil && !context.hasChanges)
    }

    /// The checks of every store that decodes rows, each on a store in a new schema.
    private let checks = RowDecodingChecks { model in try await TestDatabase.store(model) }

    @Test func rowsOfSubentitiesInOneFetchBecomeObjectsOfTheirClasses() async throws {
        try await checks.rowsOfSubentitiesInOneFetchBecomeObjectsOfTheirClasses()
    }

    @Test func rowsOfSubentitiesDecodeAsTheirSnapshots() async throws {
        let store = try await TestDatabase.store()
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let podcast = Podcast(context: writer, title: "Song Exploder", identifier: UUID())
        podcast.episodeCount = 250
        _ = Audiobook(context: writer, title: "Dune")
        try await writer.save()
        let (rows, snapshots, lookups) = await outcomes(store, entityName: "Media", model: MusicModel.model)
        #expect(rows == snapshots && lookups == rows)
        if case .objects(let values, _) = rows { #expect(values.count == 2) } else { Issue.record("\(rows)") }
    }

    @Test func aClassWithoutTheTypedOverrideLoadsFromRowsThroughAttributeValues() async throws {
        try await checks.aClassWithoutTheTypedOverrideLoadsFromRowsThroughAttributeValues()
    }

    @Test func aFetchKeepsRegisteredObjectsRefreshingOnlyUnchangedOnes() async throws {
        let store = try await TestDatabase.store()
        let schema = try #require(store.configuration.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        for title in ["a", "b", "c"] { _ = Album(context: writer, title: title) }
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let first = try await reader.fetch(Album.self, sortedBy: [.ascending(\.title)])
        first[0].year = 1999
        try await TestDatabase.psql("UPDATE \"\(schema)\".\"Album\" SET \"year\" = 2001")

        let second = try await reader.fetch(Album.self, sortedBy: [.ascending(\.title)])
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(second[0].year == 1999 && second[0].isUpdated)
        #expect(second[1].year == 2001 && second[2].year == 2001)
        #expect(!second[1].isUpdated && !second[2].isUpdated)
    }

    @Test func fetchedObjectsKeepTheirToOnes() async throws {
        let store = try await TestDatabase.store()
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "Low")
        for number in 0..<30 {
            let album = Album(context: writer, title: "album \(number + 10)")
            if number.isMultiple(of: 3) { album.setBand(band) }
        }
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await reader.fetch(Album.self, sortedBy: [.ascending(\.title)])
        #expect(albums.count == 30)
        for album in albums {
            let number = try #require(Int(album.title.dropFirst(6))) - 10
            #expect(try await album.band?.objectID == (number.isMultiple(of: 3) ? band.objectID : nil))
        }
        #expect(!reader.hasChanges)
    }

    @Test func prefetchedMembersDecodeAsTheirSnapshots() async throws {
        let store = try await TestDatabase.store()
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "Low")
        for title in ["a", "b", "c"] { band.addToAlbums(Album(context: writer, title: title)) }
        try await writer.save()

        let objects = try #require(try await store.relatedObjects(for: "albums", of: "Band", ids: [band.objectID], model: MusicModel.model))
        let snapshots = try #require(try await store.relatedSnapshots(for: "albums", of: "Band", ids: [band.objectID]))
        #expect(objects.destinationIDs == snapshots.destinationIDs)
        let decoded = try ObjectContext(store: store, model: MusicModel.model)
        var registered: [ManagedObject] = []
        try decoded.register(objects.objects, into: &registered, allNew: true)
        let materialized = try ObjectContext(store: store, model: MusicModel.model).materialize(snapshots.snapshots)
        #expect(registered.map(\.objectID) == materialized.map(\.objectID))
        #expect(registered.map(\.storableValues) == materialized.map(\.storableValues))
        #expect(registered.map(\.committedVersion) == materialized.map(\.committedVersion))
    }

    @Test func prefetchingAToManyDecodesItsMembersAndKeepsRegisteredOnes() async throws {
        try await checks.prefetchingAToManyDecodesItsMembersAndKeepsRegisteredOnes()
    }

    @Test func lookupsByIDDecodeRowsAndKeepRegisteredObjects() async throws {
        try await checks.lookupsByIDDecodeRowsAndKeepRegisteredObjects()
    }

    @Test func objectsForAnotherModelAreRefused() async throws {
        try await checks.objectsForAnotherModelAreRefused()
    }
}
#endif
