import Foundation
import ObjectGraph
@testable import ObjectGraphSQLite
import Testing

/// The objc.io Moody chain's two mapping-model cases as custom steps, and custom steps' failures.
@Suite struct SQLiteCustomStepMigrationTests {
    let file: MigrationFile
    var path: String { file.path }

    init() throws { file = try MigrationFile() }

    static let code = attribute("numericISO3166Code", .integer16, optional: false, default: .integer(0))

    /// `Country5ToCountry6Policy`: for each country with an `isoContinent`, find or create the continent
    /// with that code and link it.
    static let continents = CustomMigrationStep(from: "Moody 5", to: "Moody 6", name: "link countries to continents") { session in
        var continentByCode: [AttributeValue: AnyObjectID] = [:]
        for country in try await session.sourceObjects(of: "Country") {
            let code = try country.value("isoContinent")
            guard !code.isNull else { continue }
            var continent = continentByCode[code]
            if continent == nil {
                continent = try await session.insert("Continent", values: ["numericISO3166Code": code])
                continentByCode[code] = continent
            }
            try await session.setRelationship("continent", of: try session.destinationID(of: country), to: continent)
        }
    }

    @Test func moody5To6FindsOrCreatesContinents() async throws {
        let v5 = model(
            EntityDescription(name: "Country", attributes: [Self.code, attribute("isoContinent", .integer16, default: .integer(0))],
                              relationships: [toMany("moods", "Mood", inverse: "country")]),
            EntityDescription(name: "Mood", attributes: [attribute("rating", .integer16)], relationships: [toOne("country", "Country", inverse: "moods")]))
        let v6 = model(
            EntityDescription(name: "Continent", attributes: [Self.code], relationships: [toMany("countries", "Country", inverse: "continent")]),
            EntityDescription(name: "Country", attributes: [Self.code],
                              relationships: [toOne("continent", "Continent", inverse: "countries"), toMany("moods", "Mood", inverse: "country")]),
            EntityDescription(name: "Mood", attributes: [attribute("rating", .integer16)], relationships: [toOne("country", "Country", inverse: "moods")]))
        try await Versions.database(at: path, model: v5, sql: """
            INSERT INTO Country (_pk, _entity, numericISO3166Code, isoContinent) VALUES (1, 0, 250, 150);
            INSERT INTO Country (_pk, _entity, numericISO3166Code, isoContinent) VALUES (2, 0, 276, 150);
            INSERT INTO Country (_pk, _entity, numericISO3166Code, isoContinent) VALUES (3, 0, 10, NULL);
            INSERT INTO Country (_pk, _entity, numericISO3166Code, isoContinent) VALUES (4, 0, 392, 142);
            INSERT INTO Mood (_pk, _entity, rating, country) VALUES (1, 1, 3, 4);
            UPDATE _og_sequence SET last = 4 WHERE "table" = 'Country'
            """)
        let current = Versions.model([("Moody 5", v5), ("Moody 6", v6)], stages: [[
            .addEntity("Continent"), .removeAttribute(entity: "Country", attribute: "isoContinent"),
            .addRelationship(entity: "Country", relationship: "continent"),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current, customMigrationSteps: [Self.continents])
        let continents = try await store.objects("Continent")
        #expect(continents.values.map { $0["numericISO3166Code"] ?? "" }.sorted() == ["142", "150"])
        let countries = try await store.objects("Country")
        let europe = try #require(continents.first { $0.value["numericISO3166Code"] == "150" }?.key)
        #expect(countries[1]?["continent"] == "Continent/\(europe)" && countries[2]?["continent"] == "Continent/\(europe)")
        #expect(countries[3]?["continent"] == "nil" && countries[4]?["continent"] != "nil")
        #expect(try await store.objects("Mood")[1]?["country"] == "Country/4")
        #expect(try RawDatabase(path: path).column("PRAGMA integrity_check") == ["ok"])
    }

    /// Moody 2 → 3's mapping model: `Mood.continent` ← `$source.country.continent`.
    @Test func moody2To3DerivesTheMoodsContinent() async throws {
        let region = [Self.code]
        func entities(moodContinent: Bool) -> ModelDescription {
            ModelDescription(name: "Moody", entities: [
                EntityDescription(name: "GeographicRegion", isAbstract: true, attributes: region),
                EntityDescription(name: "Continent", parent: "GeographicRegion", attributes: region,
                                  relationships: [toMany("countries", "Country", inverse: "continent")]
                                    + (moodContinent ? [toMany("moods", "Mood", inverse: "continent")] : [])),
                EntityDescription(name: "Country", parent: "GeographicRegion", attributes: region,
                                  relationships: [toOne("continent", "Continent", inverse: "countries"), toMany("moods", "Mood", inverse: "country")]),
                EntityDescription(name: "Mood", attributes: [attribute("rating", .integer16)],
                                  relationships: [toOne("country", "Country", inverse: "moods")]
                                    + (moodContinent ? [toOne("continent", "Continent", inverse: "moods")] : [])),
            ])
        }
        let v2 = entities(moodContinent: false), v3 = entities(moodContinent: true)
        try await Versions.database(at: path, model: v2, sql: """
            INSERT INTO GeographicRegion (_pk, _entity, numericISO3166Code, continent) VALUES (1, 0, 150, NULL);
            INSERT INTO GeographicRegion (_pk, _entity, numericISO3166Code, continent) VALUES (2, 1, 250, 1);
            INSERT INTO GeographicRegion (_pk, _entity, numericISO3166Code, continent) VALUES (3, 1, 10, NULL);
            INSERT INTO Mood (_pk, _entity, rating, country) VALUES (1, 3, 1, 2);
            INSERT INTO Mood (_pk, _entity, rating, country) VALUES (2, 3, 2, 3);
            INSERT INTO Mood (_pk, _entity, rating, country) VALUES (3, 3, 3, NULL)
            """)
        let derive = CustomMigrationStep(from: "Moody 2", to: "Moody 3", name: "mood continents") { session in
            var continentOfCountry: [AnyObjectID: AnyObjectID] = [:]
            for country in try await session.sourceObjects(of: "Country") {
                continentOfCountry[country.id] = try country.destination("continent")
            }
            for mood in try await session.sourceObjects(of: "Mood") {
                guard let country = try mood.destination("country"), let continent = continentOfCountry[country] else { continue }
                try await session.setRelationship("continent", of: try session.destinationID(of: mood),
                                                  to: try session.destinationID(of: continent, entity: "Continent"))
            }
        }
        let current = Versions.model([("Moody 2", v2), ("Moody 3", v3)], stages: [[
            .addRelationship(entity: "Continent", relationship: "moods"), .addRelationship(entity: "Mood", relationship: "continent"),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current, customMigrationSteps: [derive])
        let moods = try await store.objects("Mood")
        #expect(moods[1]?["continent"] == "GeographicRegion/1" && moods[2]?["continent"] == "nil" && moods[3]?["continent"] == "nil")
        #expect(moods[1]?["country"] == "GeographicRegion/2")
    }

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
