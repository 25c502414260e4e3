import Foundation
import ObjectGraph
@testable import ObjectGraphSQLite
import Testing

/// Hierarchy, ordering, relationship optionality and compound index steps on SQLite files.
@Suite struct SQLiteStructureMigrationTests {
    let file: MigrationFile
    var path: String { file.path }

    init() throws { file = try MigrationFile() }

    static let name = attribute("name", .string)
    static let standalone = model(
        EntityDescription(name: "Item", attributes: [name]),
        EntityDescription(name: "Book", attributes: [attribute("title", .string, optional: false)]))
    static let merged = model(
        EntityDescription(name: "Item", attributes: [name]),
        EntityDescription(name: "Book", parent: "Item", attributes: [name, attribute("title", .string, optional: false)]))
    static let moveUnderItem = Versions.model([("1", standalone), ("2", merged)], stages: [[
        .changeParent(entity: "Book", from: nil, to: "Item"),
    ]])

    @Test func entityGainingAParentMovesIntoItsTableWithItsKeys() async throws {
        try await Versions.database(at: path, model: Self.standalone, sql: """
            INSERT INTO Item (_pk, _entity, name) VALUES (1, 1, 'pen');
            INSERT INTO Item (_pk, _entity, name) VALUES (2, 1, 'cup');
            INSERT INTO Book (_pk, _entity, title) VALUES (3, 0, 'Emma');
            INSERT INTO Book (_pk, _entity, title) VALUES (7, 0, 'Ulysses');
            UPDATE _og_sequence SET last = 9 WHERE "table" = 'Book'
            """)
        let store = try await SQLiteStore(at: .file(path), model: Self.moveUnderItem)
        let items = try await store.objects("Item")
        #expect(items.keys.sorted() == [1, 2, 3, 7])
        #expect(items[7]?["entity"] == "Book" && items[7]?["title"] == "\"Ulysses\"" && items[7]?["name"] == "null")
        #expect(items[2]?["name"] == "\"cup\"")
        let raw = try RawDatabase(path: path)
        #expect(try raw.column("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_og%' ESCAPE '\\'") == ["Item"])
        #expect(try raw.rows("SELECT \"table\", last FROM _og_sequence ORDER BY 1") == [["Item", "9"]])
    }

    @Test func tablesMergingWithCollidingKeysAreRefused() async throws {
        try await Versions.database(at: path, model: Self.standalone, sql: """
            INSERT INTO Item (_pk, _entity, name) VALUES (1, 1, 'pen');
            INSERT INTO Book (_pk, _entity, title) VALUES (1, 0, 'Emma')
            """)
        let before = try Versions.bytes(path)
        let error = await #expect(throws: MigrationError.self) { _ = try await SQLiteStore(at: .file(path), model: Self.moveUnderItem) }
        #expect(try Versions.bytes(path) == before)
        guard case .stepFailed("1 → 2", _, let object, _, let reason)? = error else {
            Issue.record("expected a refused merge, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Item", key: .integer(1)) && reason.contains("share this key"))
    }

    /// A one-to-many keeps its members in key order, a many-to-many in the order they were added.
    @Test func toManysBecomingOrderedKeepTheirMembersInOrder() async throws {
        func version(ordered: Bool) -> ModelDescription {
            model(
                EntityDescription(name: "Album", relationships: [toMany("tracks", "Track", inverse: "album", ordered: ordered),
                                                                 toMany("tags", "Tag", inverse: "albums", ordered: ordered)]),
                EntityDescription(name: "Track", relationships: [toOne("album", "Album", inverse: "tracks")]),
                EntityDescription(name: "Tag", relationships: [toMany("albums", "Album", inverse: "tags")]))
        }
        try await Versions.database(at: path, model: version(ordered: false), sql: """
            INSERT INTO Album (_pk, _entity) VALUES (1, 0);
            INSERT INTO Track (_pk, _entity, album) VALUES (5, 2, 1);
            INSERT INTO Track (_pk, _entity, album) VALUES (2, 2, 1);
            INSERT INTO Track (_pk, _entity, album) VALUES (9, 2, 1);
            INSERT INTO Tag (_pk, _entity) VALUES (1, 1);
            INSERT INTO Tag (_pk, _entity) VALUES (2, 1);
            INSERT INTO _link_Album_tags (a, b, a_pos, b_pos) VALUES (1, 2, 0, 0);
            INSERT INTO _link_Album_tags (a, b, a_pos, b_pos) VALUES (1, 1, 1, 0)
            """)
        let steps: [MigrationStep] = [
            .changeRelationshipOrdering(entity: "Album", relationship: "tracks", isOrdered: true),
            .changeRelationshipOrdering(entity: "Album", relationship: "tags", isOrdered: true),
        ]
        _ = try await SQLiteStore(at: .file(path), model: Versions.model([("1", version(ordered: false)), ("2", version(ordered: true))], stages: [steps]))
        let raw = try RawDatabase(path: path)
        let positions = try raw.column("SELECT _pk FROM Track WHERE album = 1 ORDER BY album_position")
        #expect(positions == ["2", "5", "9"])
        let links = try raw.rows("SELECT b, a_pos FROM _link_Album_tags ORDER BY a_pos")
        #expect(links == [["2", "0"], ["1", "1"]])
    }

    @Test func orderedToManyBecomingUnorderedKeepsItsMembers() async throws {
        let ordered = model(
            EntityDescription(name: "Album", relationships: [toMany("tracks", "Track", inverse: "album", ordered: true)]),
            EntityDescription(name: "Track", relationships: [toOne("album", "Album", inverse: "tracks")]))
        let unordered = model(
            EntityDescription(name: "Album", relationships: [toMany("tracks", "Track", inverse: "album")]),
            EntityDescription(name: "Track", relationships: [toOne("album", "Album", inverse: "tracks")]))
        try await Versions.database(at: path, model: ordered, sql: """
            INSERT INTO Album (_pk, _entity) VALUES (1, 0);
            INSERT INTO Track (_pk, _entity, album, album_position) VALUES (1, 1, 1, 1);
            INSERT INTO Track (_pk, _entity, album, album_position) VALUES (2, 1, 1, 0)
            """)
        let current = Versions.model([("1", ordered), ("2", unordered)], stages: [[
            .changeRelationshipOrdering(entity: "Album", relationship: "tracks", isOrdered: false),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        #expect(try await store.objects("Track").mapValues { $0["album"] } == [1: "Album/1", 2: "Album/1"])
        #expect(!(try RawDatabase(path: path).column("SELECT name FROM pragma_table_info('Track')")).contains("album_position"))
    }

    @Test func relationshipBecomingOptionalKeepsItsLinksInPlace() async throws {
        func version(optional: Bool) -> ModelDescription {
            model(EntityDescription(name: "Owner", relationships: [
                RelationshipDescription(name: "pet", destination: "Pet", inverse: "owner", isOptional: optional),
            ]), EntityDescription(name: "Pet", relationships: [toOne("owner", "Owner", inverse: "pet")]))
        }
        try await Versions.database(at: path, model: version(optional: false), sql: """
            INSERT INTO Owner (_pk, _entity, pet) VALUES (1, 0, 1);
            INSERT INTO Pet (_pk, _entity, owner) VALUES (1, 1, 1)
            """)
        let tableBefore = try RawDatabase(path: path).column("SELECT sql FROM sqlite_master WHERE name = 'Owner'")
        let current = Versions.model([("1", version(optional: false)), ("2", version(optional: true))], stages: [[
            .makeRelationshipOptional(entity: "Owner", relationship: "pet"),
        ]])
        let store = try await SQLiteStore(at: .file(path), model: current)
        #expect(try await store.objects("Owner")[1]?["pet"] == "Pet/1")
        #expect(try RawDatabase(path: path).column("SELECT sql FROM sqlite_master WHERE name = 'Owner'") == tableBefore, "expected no rebuild")
    }

    @Test func compoundIndexesAreAddedAndRemoved() async throws {
        let plain = model(EntityDescription(name: "Mood", attributes: [attribute("flag", .boolean), attribute("date", .date)]))
        let indexed = model(EntityDescription(name: "Mood", attributes: [attribute("flag", .boolean), attribute("date", .date)], indexes: [
            IndexDescription(name: "compound_flag_date", elements: [.init(property: "flag"), .init(property: "date")]),
        ]))
        // The versions share a hash (indexes are not part of it): the file records its version's name.
        let first = Versions.model([("1", plain)], stages: [])
        try await Versions.database(at: path, model: first, sql: "INSERT INTO Mood (_pk, _entity, flag, date) VALUES (1, 0, 1, 2.0)")
        let add = Versions.model([("1", plain), ("2", indexed)], stages: [[.addIndex(entity: "Mood", name: "compound_flag_date")]])
        _ = try await SQLiteStore(at: .file(path), model: add)
        let indexes = { try RawDatabase(path: path).column("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Mood'") }
        let created = try indexes()
        #expect(created == ["CREATE INDEX \"Mood_Mood_compound_flag_date\" ON \"Mood\" (\"flag\", \"date\")"])
        let remove = Versions.model([("1", plain), ("2", indexed), ("3", plain)], stages: [
            [.addIndex(entity: "Mood", name: "compound_flag_date")], [.removeIndex(entity: "Mood", name: "compound_flag_date")],
        ])
        _ = try await SQLiteStore(at: .file(path), model: remove)
        #expect(try indexes().isEmpty)
    }

    @Test func compoundUniquenessConstraintThatDataBreaksNamesEveryValue() async throws {
        let v1 = model(EntityDescription(name: "Country", attributes: [attribute("code", .integer16), attribute("dummy", .integer16)]))
        let v2 = model(EntityDescription(name: "Country", attributes: [attribute("code", .integer16), attribute("dummy", .integer16)],
                                         uniquenessConstraints: [["code", "dummy"]]))
        try await Versions.database(at: path, model: v1, sql: """
            INSERT INTO Country (_pk, _entity, code, dummy) VALUES (4, 0, 250, 0);
            INSERT INTO Country (_pk, _entity, code, dummy) VALUES (5, 0, 250, 1);
            INSERT INTO Country (_pk, _entity, code, dummy) VALUES (6, 0, 250, 1)
            """)
        let before = try Versions.bytes(path)
        let current = Versions.model([("1", v1), ("2", v2)], stages: [[.addUniquenessConstraint(entity: "Country", properties: ["code", "dummy"])]])
        let error = await #expect(throws: MigrationError.self) { _ = try await SQLiteStore(at: .file(path), model: current) }
        #expect(try Versions.bytes(path) == before)
        guard case .stepFailed("1 → 2", "add uniqueness constraint (code, dummy) to Country", let object, let values, _)? = error else {
            Issue.record("expected the constraint step to fail, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Country", key: .integer(5)) && values == [.integer(250), .integer(1)])
    }
}
