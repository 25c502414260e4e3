import Foundation
@testable import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Fetches decode rows straight into objects (`SQLiteStore.fetchObjects`): the same values accepted
/// and rejected, with the same errors, as decoding the same rows from snapshots; uniquing against
/// registered objects; subentities, classes without the typed override, and answers of many batches.
@Suite struct RowDecodingTests {
    /// A store on a file with one `Sample` row written through a context, and a raw connection to it.
    private func sampleStore(in directory: TemporaryDirectory) async throws -> (SQLiteStore, RawDatabase) {
        let path = directory.path("samples.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: SampleModel.model.schema)
        let context = try ObjectContext(store: store, model: SampleModel.model)
        let sample = Sample(entity: Sample.entity)
        sample.text = "first"
        sample.large = 7
        context.insert(sample)
        try await context.save()
        return (store, try RawDatabase(path: path))
    }

    /// What loading the store's rows gives: each object's attribute values, or the error's description.
    private enum Outcome: Equatable {
        case values([[AttributeValue]])
        case failure(String)
    }

    private func outcome(_ load: () async throws -> [ManagedObject]) async -> Outcome {
        do {
            return .values(try await load().map { object in object.entity.attributes.indices.map(object.attributeValue(at:)) })
        } catch {
            return .failure("\(error)")
        }
    }

    /// The outcome of a context's fetch (rows decoded into objects), of the same rows as snapshots, and of
    /// a context's lookup of the same objects by ID (rows decoded into objects, `ObjectContext.objects(for:)`).
    private func outcomes(_ store: SQLiteStore, entityName: String, model: ManagedObjectModel) async -> (rows: Outcome, snapshots: Outcome, lookups: Outcome) {
        let rows = await outcome {
            let context = try ObjectContext(store: store, model: model)
            return try await context.fetchObjects(StoreFetchRequest(entityName: entityName))
        }
        let snapshots = await outcome {
            let context = try ObjectContext(store: store, model: model)
            return try context.materialize(try await store.fetch(StoreFetchRequest(entityName: entityName)))
        }
        let lookups = await outcome {
            let context = try ObjectContext(store: store, model: model)
            let ids = try await store.fetchIDs(StoreFetchRequest(entityName: entityName), withValuesOf: []).ids
            let found = try await context.objects(for: Array(ids))
            return ids.compactMap { found[$0] }
        }
        return (rows, snapshots, lookups)
    }

    /// Stored values another tool could write, per column of every declared type: text in numeric
    /// columns, numbers in text columns, integers out of range, malformed UUIDs, decimals, URLs and JSON.
    private static let storedValues: [(column: String, sql: String)] = [
        ("small", "40000"), ("small", "'abc'"), ("small", "12.7"), ("small", "-32768"),
        ("medium", "3000000000"), ("medium", "X'00'"), ("large", "'9x'"), ("large", "1.5e3"),
        ("flag", "2"), ("flag", "'yes'"), ("real", "'abc'"), ("real", "7"), ("single", "1e300"),
        ("text", "42"), ("text", "X'4142'"), ("when", "'soon'"), ("when", "100"), ("bytes", "'text'"), ("bytes", "12"),
        ("identifier", "X'0102'"), ("identifier", "'abc'"), ("identifier", "X'000102030405060708090a0b0c0d0e0f'"),
        ("amount", "'abc'"), ("amount", "'12.50'"), ("amount", "3"), ("link", "''"), ("link", "'https://example.com/a b'"),
        ("link", "'https://example.com'"), ("note", "NULL"), ("note", "5"), ("count", "NULL"), ("count", "'q'"),
        ("count", "99999999999"), ("ratio", "NULL"), ("ratio", "'r'"),
        ("level", "2"), ("level", "'x'"), ("code", "42"), ("code", "'42'"),
        ("tags", "X'5B2278225D'"), ("tags", "'[\"x\"]'"), ("tags", "'not json'"), ("tags", "7"), ("place", "X'7B7D'"),
        ("place", "NULL"), ("blob", "'text'"), ("blob", "NULL"), ("blob", "1.5"),
    ]

    @Test(arguments: storedValues)
    func aStoredValueDecodesFromARowAsFromASnapshot(column: String, sql: String) async throws {
        let directory = try TemporaryDirectory()
        let (store, raw) = try await sampleStore(in: directory)
        try raw.execute("UPDATE \"Sample\" SET \"\(column)\" = \(sql)")
        let (rows, snapshots, lookups) = await outcomes(store, entityName: "Sample", model: SampleModel.model)
        #expect(rows == snapshots, "\(column) = \(sql)")
        #expect(lookups == rows, "\(column) = \(sql)")
    }

    @Test func anIntegerOutOfRangeFailsTheFetchNamingEntityAttributeAndValue() async throws {
        let directory = try TemporaryDirectory()
        let (store, raw) = try await sampleStore(in: directory)
        try raw.execute("UPDATE \"Sample\" SET \"small\" = 40000")
        let context = try ObjectContext(store: store, model: SampleModel.model)
        await #expect(throws: ObjectGraphError.typeMismatch(entity: "Sample", attribute: "small", expected: .integer16, value: .integer(40000))) {
            _ = try await context.fetch(Sample.self)
        }
        #expect(context.registeredObjects.isEmpty)
    }

    @Test func aMalformedUUIDFailsTheFetchNamingTheRow() async throws {
        let directory = try TemporaryDirectory()
        let (store, raw) = try await sampleStore(in: directory)
        try raw.execute("UPDATE \"Sample\" SET \"identifier\" = X'0102'")
        let context = try ObjectContext(store: store, model: SampleModel.model)
        await #expect(throws: ObjectGraphError.inconsistentData("Sample/1: the stored identifier is not a valid uuid")) {
            _ = try await context.fetch(Sample.self)
        }
    }

    @Test func nullInARequiredAttributeOfASubentityFailsAsFromASnapshot() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("music.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        _ = Podcast(context: writer, title: "Song Exploder", identifier: UUID())
        try await writer.save()
        try RawDatabase(path: path).execute("UPDATE \"Media\" SET \"episodeCount\" = NULL")
        let (rows, snapshots, lookups) = await outcomes(store, entityName: "Podcast", model: MusicModel.model)
        #expect(rows == snapshots && lookups == rows)
        #expect(rows == .failure("\(ObjectGraphError.typeMismatch(entity: "Podcast", attribute: "episodeCount", expected: .integer32, value: .null))"))
    }

    @Test func anUnknownEntityCodeAfterAKnownOneFailsAsFromASnapshot() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("music.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: writer, name: "Low")
        _ = Band(context: writer, name: "Hum")
        try await writer.save()
        try RawDatabase(path: path).execute("UPDATE \"Band\" SET \"_entity\" = 999 WHERE \"_pk\" = 2")
        let (rows, snapshots, lookups) = await outcomes(store, entityName: "Band", model: MusicModel.model)
        #expect(rows == snapshots && lookups == rows)
        #expect(rows == .failure("\(ObjectGraphError.inconsistentData("row Band/2 has an unknown entity code 999"))"))
    }

    /// The checks of every store that decodes rows, on in-memory databases.
    private let checks = RowDecodingChecks { model in try await SQLiteStore(at: .inMemory, model: model) }

    @Test func rowsOfSubentitiesInOneFetchBecomeObjectsOfTheirClasses() async throws {
        try await checks.rowsOfSubentitiesInOneFetchBecomeObjectsOfTheirClasses()
    }

    @Test func aClassWithoutTheTypedOverrideLoadsFromRowsThroughAttributeValues() async throws {
        try await checks.aClassWithoutTheTypedOverrideLoadsFromRowsThroughAttributeValues()
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

    @Test func aFetchKeepsRegisteredObjectsRefreshingOnlyUnchangedOnes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("music.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        for title in ["a", "b", "c"] { _ = Album(context: writer, title: title) }
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let first = try await reader.fetch(Album.self, sortedBy: [.ascending(\.title)])
        first[0].year = 1999
        try RawDatabase(path: path).execute("UPDATE \"Album\" SET \"year\" = 2001")

        let second = try await reader.fetch(Album.self, sortedBy: [.ascending(\.title)])
        #expect(second.count == 3)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(second[0].year == 1999 && second[0].isUpdated)
        #expect(second[1].year == 2001 && second[2].year == 2001)
        #expect(!second[1].isUpdated && !second[2].isUpdated)
        #expect(reader.registeredObjects.count == 3)
    }

    @Test func objectsOfAFetchAcrossManyBatchesKeepTheirRowsValuesAndToOnes() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "Low")
        let titles = (0..<1500).map { "album " + String(repeating: "0", count: 4 - String($0).count) + String($0) }
        for (number, title) in titles.enumerated() {
            let album = Album(context: writer, title: title)
            if number.isMultiple(of: 3) { album.setBand(band) }
        }
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await reader.fetch(Album.self, sortedBy: [.ascending(\.title)])
        #expect(albums.map(\.title) == titles)
        for (number, album) in albums.enumerated() {
            let owner = try await album.band
            #expect((owner?.objectID == band.objectID) == number.isMultiple(of: 3))
        }
        #expect(!reader.hasChanges)
    }
}
