import Foundation
import ObjectGraph
@testable import ObjectGraphSQLite
import Testing

/// Entity, hierarchy and relationship steps on SQLite files.
@Suite struct SQLiteEntityMigrationTests {
    let file: MigrationFile
    var path: String { file.path }

    init() throws { file = try MigrationFile() }

    @Test func addRemoveAndRenameEntitiesKeepKeysAndLinks() async throws {
        let v1 = model(
            EntityDescription(name: "Place", attributes: [attribute("name", .string)], relationships: [toMany("people", "Person", inverse: "place")]),
            EntityDescription(name: "Person", attributes: [attribute("name", .string)], relationships: [toOne("place", "Place", inverse: "people")]),
            EntityDescription(name: "Legacy", attributes: [attribute("junk", .string)]))
        let v2 = model(
            EntityDescription(name: "Location", attributes: [attribute("name", .string)], relationships: [toMany("people", "Person", inverse: "place")]),
            EntityDescription(name: "Person", attributes: [attribute("name", .string)], relationships: [toOne("place", "Location", inverse: "people")]),
            EntityDescription(name: "Tag", attributes: [attribute("label", .string)]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO Place (_pk, _entity, name) VALUES (4, 2, 'Paris');
            INSERT INTO Person (_pk, _entity, name, place) VALUES (9, 1, 'Ann', 4);
            INSERT INTO Person (_pk, _entity, name, place) VALUES (10, 1, 'Bob', NULL);
            INSERT INTO Legacy (_pk, _entity, junk) VALUES (1, 0, 'x');
            UPDATE _og_sequence SET last = 12 WHERE "table" = 'Person'
            """)
        let current = Versions.model([("1", v1), ("2", v2)], stages: [[
            .renameEntity(from: "Place", to: "Location"), .removeEntity("Legacy"), .addEntity("Tag"),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        #expect(try await store.objects("Location")[4]?["name"] == "\"Paris\"")
        let people = try await store.objects("Person")
        #expect(people[9]?["place"] == "Location/4" && people[10]?["place"] == "nil")
        #expect(try await store.objects("Tag").isEmpty)
        let raw = try RawDatabase(path: path)
        #expect(try raw.column("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_og%' ESCAPE '\\' ORDER BY name")
                == ["Location", "Person", "Tag"])
        #expect(try raw.rows("SELECT \"table\", last FROM _og_sequence ORDER BY 1") == [["Location", "4"], ["Person", "12"], ["Tag", "0"]])
        #expect(try raw.column("PRAGMA integrity_check") == ["ok"])
    }

    /// Moody 3 → 4: the abstract parent `GeographicRegion` goes; its attributes move to `Continent` and
    /// `Country`, whose objects move to tables of their own with their keys.
    @Test func removingAParentSplitsItsTable() async throws {
        let regionAttributes = [attribute("code", .integer16, optional: false, default: .integer(0)), attribute("updatedAt", .date)]
        let v1 = model(
            EntityDescription(name: "GeographicRegion", isAbstract: true, attributes: regionAttributes, uniquenessConstraints: [["code"]]),
            EntityDescription(name: "Continent", parent: "GeographicRegion", attributes: regionAttributes + [attribute("countries", .integer64)],
                              uniquenessConstraints: [["code"]]),
            EntityDescription(name: "Country", parent: "GeographicRegion", attributes: regionAttributes, uniquenessConstraints: [["code"]]),
            EntityDescription(name: "Mood", attributes: [attribute("rating", .integer16)], relationships: [toOne("country", "GeographicRegion")]))
        let v2 = model(
            EntityDescription(name: "Continent", attributes: regionAttributes + [attribute("countries", .integer64)], uniquenessConstraints: [["code"]]),
            EntityDescription(name: "Country", attributes: regionAttributes, uniquenessConstraints: [["code"]]),
            EntityDescription(name: "Mood", attributes: [attribute("rating", .integer16)], relationships: [toOne("country", "Country")]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO GeographicRegion (_pk, _entity, code, updatedAt, countries) VALUES (1, 0, 150, 5.0, 40);
            INSERT INTO GeographicRegion (_pk, _entity, code, updatedAt, countries) VALUES (2, 1, 250, 6.0, NULL);
            INSERT INTO GeographicRegion (_pk, _entity, code, updatedAt, countries) VALUES (3, 1, 276, 7.0, NULL);
            INSERT INTO Mood (_pk, _entity, rating, country) VALUES (1, 3, 5, 3);
            UPDATE _og_sequence SET last = 3 WHERE "table" = 'GeographicRegion';
            UPDATE _og_sequence SET last = 1 WHERE "table" = 'Mood'
            """)
        let current = Versions.model([("3", v1), ("4", v2)], stages: [[
            .removeEntity("GeographicRegion"),
            .moveAttribute("code", from: "GeographicRegion", to: "Continent"), .moveAttribute("code", from: "GeographicRegion", to: "Country"),
            .moveAttribute("updatedAt", from: "GeographicRegion", to: "Continent"), .moveAttribute("updatedAt", from: "GeographicRegion", to: "Country"),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        let continents = try await store.objects("Continent")
        #expect(continents.count == 1 && continents[1]?["code"] == "150" && continents[1]?["countries"] == "40")
        let countries = try await store.objects("Country")
        #expect(countries.keys.sorted() == [2, 3] && countries[3]?["code"] == "276")
        #expect(try await store.objects("Mood")[1]?["country"] == "Country/3")
        let raw = try RawDatabase(path: path)
        #expect(try raw.column("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%unique%' ORDER BY name")
                == ["Continent_unique_Continent_0", "Country_unique_Country_0"])
        #expect(try raw.rows("SELECT \"table\", last FROM _og_sequence ORDER BY 1") == [["Continent", "3"], ["Country", "3"], ["Mood", "1"]])
    }

    @Test func relationshipsAddedRemovedRenamedAndToOneBecomingToMany() async throws {
        let v1 = model(
            EntityDescription(name: "Album", attributes: [attribute("title", .string)],
                              relationships: [toMany("tracks", "Track", inverse: "album", ordered: true), toOne("cover", "Image")]),
            EntityDescription(name: "Track", attributes: [attribute("title", .string)], relationships: [toOne("album", "Album", inverse: "tracks")]),
            EntityDescription(name: "Image", attributes: [attribute("url", .string)]))
        let v2 = model(
            EntityDescription(name: "Album", attributes: [attribute("title", .string)],
                              relationships: [toMany("songs", "Track", inverse: "albums", ordered: true), toOne("label", "Image")]),
            EntityDescription(name: "Track", attributes: [attribute("title", .string)], relationships: [toMany("albums", "Album", inverse: "songs")]),
            EntityDescription(name: "Image", attributes: [attribute("url", .string)]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO Album (_pk, _entity, title, cover) VALUES (1, 0, 'A', 1);
            INSERT INTO Image (_pk, _entity, url) VALUES (1, 1, 'u');
            INSERT INTO Track (_pk, _entity, title, album, album_position) VALUES (1, 2, 'one', 1, 1);
            INSERT INTO Track (_pk, _entity, title, album, album_position) VALUES (2, 2, 'two', 1, 0);
            INSERT INTO Track (_pk, _entity, title, album, album_position) VALUES (3, 2, 'loose', NULL, NULL)
            """)
        let current = Versions.model([("1", v1), ("2", v2)], stages: [[
            .renameRelationship(entity: "Album", from: "tracks", to: "songs"),
            .renameRelationship(entity: "Track", from: "album", to: "albums"),
            .changeRelationshipCardinality(entity: "Track", relationship: "albums", isToMany: true),
            .removeRelationship(entity: "Album", relationship: "cover"), .addRelationship(entity: "Album", relationship: "label"),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        let raw = try RawDatabase(path: path)
        let link = try #require(try raw.column("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '\\_link%' ESCAPE '\\'").first)
        #expect(try raw.rows("SELECT a, b, a_pos FROM \"\(link)\" ORDER BY a_pos") == [["1", "2", "0"], ["1", "1", "1"]])
        #expect(try await store.objects("Album")[1]?["label"] == "nil")
    }

    @Test func toManyBecomingToOneFailsForObjectsWithSeveralDestinations() async throws {
        let v1 = model(
            EntityDescription(name: "Owner", relationships: [toMany("pets", "Pet", inverse: "owner")]),
            EntityDescription(name: "Pet", relationships: [toOne("owner", "Owner", inverse: "pets")]))
        let v2 = model(
            EntityDescription(name: "Owner", relationships: [toOne("pet", "Pet", inverse: "owner")]),
            EntityDescription(name: "Pet", relationships: [toOne("owner", "Owner", inverse: "pet")]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO Owner (_pk, _entity) VALUES (1, 0);
            INSERT INTO Owner (_pk, _entity) VALUES (2, 0);
            INSERT INTO Pet (_pk, _entity, owner) VALUES (1, 1, 1);
            INSERT INTO Pet (_pk, _entity, owner) VALUES (2, 1, 2);
            INSERT INTO Pet (_pk, _entity, owner) VALUES (3, 1, 2)
            """)
        let current = Versions.model([("1", v1), ("2", v2)], stages: [[
            .renameRelationship(entity: "Owner", from: "pets", to: "pet"),
            .changeRelationshipCardinality(entity: "Owner", relationship: "pet", isToMany: false),
        ]])
        let before = try Versions.bytes(path)
        let error = await #expect(throws: MigrationError.self) { _ = try await SQLiteStore(at: .file(path), model: current) }
        #expect(try Versions.bytes(path) == before)
        guard case .stepFailed("1 → 2", "make relationship Owner.pet to-one", let object, let values, _)? = error else {
            Issue.record("expected the cardinality step to fail, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Owner", key: .integer(2)) && values == [.integer(2)])
        try RawDatabase(path: path).execute("DELETE FROM Pet WHERE _pk = 3")
        let store = try await SQLiteStore(at: .file(path), model: current)
        #expect(try await store.objects("Owner")[2]?["pet"] == "Pet/2")
    }
}
