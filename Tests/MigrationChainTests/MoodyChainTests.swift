import Foundation
import ObjectGraph
import ObjectGraphSQLite
import Testing

/// objc.io's Moody chain from its first version to its last (`Moody` → `Moody 6`), through the history
/// modelgen generated from the real bundle (`Generated/Moody`, `Scripts/chain-fixtures.sh`) and the
/// custom steps that translate its mapping models (``MoodyMigrationSteps``).
@Suite struct MoodyChainTests {
    /// A file written by `Moody` (the first version): 200 continents, 300 countries and 600 moods, with
    /// every attribute set or left empty in turn and every to-one set or left empty.
    struct Seed {
        static let continents = 200, countries = 300, moods = 600
        let objects: [SeedObject]

        init() {
            var objects: [SeedObject] = []
            for c in 0..<Self.continents {
                objects.append(SeedObject(entity: "Continent", values: [
                    "markedForDeletionDate": c % 4 == 0 ? .date(Self.date(c * 1_000 + 7)) : .null,
                    "numberOfMoods": .integer(Int64(c * 7)), "numericISO3166Code": .integer(Int64(Self.continentCode(c))),
                    "uniquenessDummy": .integer(Int64(c % 3)), "updatedAt": .date(Self.date(c * 3_600)),
                    "numberOfCountries": .integer(Int64(c)),
                ]))
            }
            for i in 0..<Self.countries {
                objects.append(SeedObject(entity: "Country", values: [
                    "markedForDeletionDate": i % 5 == 0 ? .date(Self.date(i * 977)) : .null,
                    "numberOfMoods": .integer(Int64(i * 3)), "numericISO3166Code": .integer(Int64(1 + i)),
                    "uniquenessDummy": .integer(Int64(i % 2)), "updatedAt": .date(Self.date(i * 7_200 + 1)),
                ], toOnes: Self.continent(ofCountry: i).map { ["continent": $0] } ?? [:]))
            }
            for m in 0..<Self.moods {
                objects.append(SeedObject(entity: "Mood", values: Self.moodValues(m),
                                          toOnes: Self.country(ofMood: m).map { ["country": Self.continents + $0] } ?? [:]))
            }
            self.objects = objects
        }

        static func date(_ seconds: Int) -> Date { Date(timeIntervalSinceReferenceDate: Double(seconds) + 0.25) }
        static func continentCode(_ c: Int) -> Int { 1_000 + c }
        /// Countries 0, 7, 14, … have no continent; the others share continents 0–149 (150–199 have none).
        static func continent(ofCountry i: Int) -> Int? { i % 7 == 0 ? nil : i % 150 }
        static func country(ofMood m: Int) -> Int? { m % 11 == 0 ? nil : m % countries }

        /// Mood `m`'s values in `Moody` (the first version).
        static func moodValues(_ m: Int) -> [String: AttributeValue] {
            [
                "colors": m % 5 == 0 ? .null : .data(Data([UInt8(m % 256), UInt8(m / 256), 0xFF, 0])),
                "creatorID": m % 3 == 0 ? .null : .string("creator \(m) ☀︎"),
                "date": .date(Date(timeIntervalSinceReferenceDate: Double(m) * 86_400.125)),
                "latitude": m % 4 == 0 ? .null : .double(Double(m) * 0.125 - 40),
                "longitude": m % 4 == 1 ? .null : .double(100 - Double(m) * 0.0625),
                "markedForDeletionDate": m % 9 == 0 ? .date(date(m)) : .null,
                "markedForRemoteDeletion": .bool(m % 2 == 0),
                "remoteIdentifier": m % 6 == 0 ? .null : .string("remote-\(m)"),
            ]
        }
    }

    let seed = Seed()

    /// Writes the seed with the first version's schema; returns the keys of continents, countries, moods.
    func createFirstVersion(in database: ChainDatabase) async throws -> (continents: [Int64], countries: [Int64], moods: [Int64]) {
        let first = try #require(MoodyModel.history.versions.first?.schema)
        #expect(MoodyModel.history.versions.first?.name == "Moody")
        let keys = try await database.create(schema: first, objects: seed.objects)
        let countriesStart = Seed.continents, moodsStart = Seed.continents + Seed.countries
        return (Array(keys[..<countriesStart]), Array(keys[countriesStart..<moodsStart]), Array(keys[moodsStart...]))
    }

    @Test(arguments: ChainBackend.available) func migratesFromTheFirstVersionToTheLastInOneOpening(on backend: ChainBackend) async throws {
        let database = try ChainDatabase(backend)
        let keys = try await createFirstVersion(in: database)
        let store = try await database.open(MoodyModel.model.schema, customSteps: MoodyMigrationSteps.all)
        try await checkLastVersion(store: store, database: database, keys: keys)
    }

    /// Stops at `Moody 3` to check 2 → 3's derived relationship (`Mood.continent` from
    /// `country.continent`, gone again in `Moody 5`), then migrates the rest of the way.
    @Test(arguments: ChainBackend.available) func migratesThroughMoody3(on backend: ChainBackend) async throws {
        let database = try ChainDatabase(backend)
        let keys = try await createFirstVersion(in: database)
        do {
            let moody3 = try ChainDatabase.model(MoodyModel.model.schema, atVersion: 2)
            let store = try await database.open(moody3, customSteps: [MoodyMigrationSteps.moodContinents])
            let moods = try await ChainDatabase.rows("Mood", in: store)
            let countries = try await ChainDatabase.rows("Country", in: store)
            let continents = try await ChainDatabase.rows("Continent", in: store)
            #expect(moods.count == Seed.moods && countries.count == Seed.countries && continents.count == Seed.continents)
            for (m, key) in keys.moods.enumerated() {
                let mood = try #require(moods[key])
                let country = Seed.country(ofMood: m)
                let continent = country.flatMap(Seed.continent(ofCountry:))
                #expect(mood.toOnes["country"] == .some(country.map { keys.countries[$0] }), "mood \(m)")
                #expect(mood.toOnes["continent"] == .some(continent.map { keys.continents[$0] }), "mood \(m)'s continent")
                #expect(mood.values["remoteID"] == Seed.moodValues(m)["remoteIdentifier"] && mood.values["rating"] == .integer(0))
            }
            #expect(try await database.column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["Moody 3"])
        }
        let store = try await database.open(MoodyModel.model.schema, customSteps: MoodyMigrationSteps.all)
        try await checkLastVersion(store: store, database: database, keys: keys)
    }

    /// Every value, relationship and constraint of `Moody 6`, read through the generated classes.
    func checkLastVersion(store: any PersistentStore, database: ChainDatabase, keys: (continents: [Int64], countries: [Int64], moods: [Int64])) async throws {
        let context = try ObjectContext(store: store, model: MoodyModel.model)
        let moodIndex = Dictionary(uniqueKeysWithValues: keys.moods.enumerated().map { (AnyObjectID(entityName: "Mood", key: .integer($1)), $0) })
        let countryIndex = Dictionary(uniqueKeysWithValues: keys.countries.enumerated().map { (AnyObjectID(entityName: "Country", key: .integer($1)), $0) })

        let moods = try await context.fetch(Mood.self)
        #expect(moods.count == Seed.moods)
        for mood in moods {
            let m = try #require(moodIndex[mood.objectID], "unexpected mood \(mood.objectID)")
            let old = Seed.moodValues(m)
            #expect(mood.colors.map(AttributeValue.data) ?? .null == old["colors"], "mood \(m)")
            #expect(mood.creatorID.map(AttributeValue.string) ?? .null == old["creatorID"], "mood \(m)")
            #expect(.date(mood.date) == old["date"] && mood.markedForRemoteDeletion == (m % 2 == 0), "mood \(m)")
            #expect(mood.latitude.map(AttributeValue.double) ?? .null == old["latitude"], "mood \(m)")
            #expect(mood.longitude.map(AttributeValue.double) ?? .null == old["longitude"], "mood \(m)")
            #expect(mood.markedForDeletionDate.map(AttributeValue.date) ?? .null == old["markedForDeletionDate"], "mood \(m)")
            #expect(mood.remoteID.map(AttributeValue.string) ?? .null == old["remoteIdentifier"] && mood.rating == 0, "mood \(m)")
            let country = try await mood.country
            #expect(country.flatMap { countryIndex[$0.objectID] } == Seed.country(ofMood: m), "mood \(m)'s country")
        }

        let countries = try await context.fetch(Country.self)
        #expect(countries.count == Seed.countries)
        var countriesByCode: [Int16: Set<Int>] = [:]
        for country in countries {
            let i = try #require(countryIndex[country.objectID], "unexpected country \(country.objectID)")
            let old = seed.objects[Seed.continents + i].values
            #expect(.integer(Int64(country.numericISO3166Code)) == old["numericISO3166Code"], "country \(i)")
            #expect(.integer(Int64(country.uniquenessDummy)) == old["uniquenessDummy"] && .integer(country.numberOfMoods) == old["numberOfMoods"])
            #expect(.date(country.updatedAt) == old["updatedAt"], "country \(i)")
            #expect(country.markedForDeletionDate.map(AttributeValue.date) ?? .null == old["markedForDeletionDate"], "country \(i)")
            let continent = try await country.continent
            #expect(continent.map { Int($0.numericISO3166Code) } == Seed.continent(ofCountry: i).map(Seed.continentCode), "country \(i)'s continent")
            if let continent { countriesByCode[continent.numericISO3166Code, default: []].insert(i) }
            let moods = try await country.moods.compactMap { moodIndex[$0.objectID] }
            #expect(Set(moods) == Set((0..<Seed.moods).filter { Seed.country(ofMood: $0) == i }), "country \(i)'s moods")
        }

        // Moody 4 → 5 drops the continents; 5 → 6 creates one per code that countries still name.
        let continents = try await context.fetch(Continent.self)
        let expectedCodes = Set((0..<Seed.countries).compactMap { Seed.continent(ofCountry: $0).map(Seed.continentCode) })
        #expect(continents.count == expectedCodes.count && Set(continents.map { Int($0.numericISO3166Code) }) == expectedCodes)
        for continent in continents {
            let members = try await continent.countries.compactMap { countryIndex[$0.objectID] }
            #expect(Set(members) == countriesByCode[continent.numericISO3166Code] ?? [], "continent \(continent.numericISO3166Code)")
        }

        // The uniqueness constraint (numericISO3166Code, uniquenessDummy) holds on the migrated table.
        let duplicate = Country(context: context, updatedAt: Date(timeIntervalSinceReferenceDate: 0))
        duplicate.numericISO3166Code = 1
        duplicate.uniquenessDummy = 0
        await #expect(throws: ObjectGraphError.self) { try await context.save() }

        // Moody 6's compound indexes (Country's inherited from GeographicRegion until Moody 4).
        #expect(try await database.indexNames(containing: "compound") == [
            "Country_Country_compound_markedForDeletionDate_updatedAt", "Mood_Mood_compound_markedForRemoteDeletion_markedForDeletionDate_date",
        ].map(database.storedName))
        #expect(try await database.column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["Moody 6"])
        if database.backend == .sqlite { #expect(try await database.column("PRAGMA integrity_check") == ["ok"]) }
        #expect(try await database.tableNames(startingWith: "_og_old").isEmpty)
    }
}
