import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// The tables, columns and indexes the store creates from the Music model, read back with plain SQLite.
@Suite struct SchemaTests {
    private func open() async throws -> (TemporaryDirectory, SQLiteStore, RawDatabase) {
        let directory = try TemporaryDirectory()
        let path = directory.path("schema.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        return (directory, store, try RawDatabase(path: path))
    }

    @Test func oneTablePerRootEntityAndLinkTables() async throws {
        let (directory, store, database) = try await open()
        defer { withExtendedLifetime((directory, store)) {} }
        let tables = Set(try database.column("SELECT name FROM sqlite_master WHERE type = 'table'"))
        #expect(tables.isSuperset(of: ["Band", "Album", "Track", "Tag", "Label", "Manager", "Media", "_og_metadata", "_og_sequence"]))
        #expect(!tables.contains("Podcast") && !tables.contains("Audiobook"))
        #expect(tables.contains("_link_Band_influencedBy") && tables.contains("_link_Tag_tracks"))
    }

    @Test func columnsHaveTheAttributeTypesAndTransientsAreNotStored() async throws {
        let (directory, store, database) = try await open()
        defer { withExtendedLifetime((directory, store)) {} }
        let album = try database.rows("SELECT name, type, \"notnull\" FROM pragma_table_info('Album')")
        #expect(album.map { $0[0] } == ["_pk", "_entity", "title", "year", "releaseDate", "price", "isLive", "rating", "band"])
        #expect(album.map { $0[1] } == ["INTEGER", "INTEGER", "TEXT", "INTEGER", "REAL", "TEXT", "INTEGER", "REAL", "INTEGER"])
        #expect(try database.column("SELECT name FROM pragma_table_info('Track')").contains("album_position"))
        #expect(album.first { $0[0] == "title" }?[2] == "1")
        #expect(album.first { $0[0] == "releaseDate" }?[2] == "0")
        let media = try database.column("SELECT name FROM pragma_table_info('Media')")
        #expect(media == ["_pk", "_entity", "title", "published", "episodeCount", "feedURL", "artwork", "identifier", "narrator"])
        let primaryKey = try database.rows("SELECT pk FROM pragma_table_info('Band') WHERE name = '_pk'")
        #expect(primaryKey == [["1"]])
    }

    @Test func indexesForForeignKeysAndUniquenessConstraints() async throws {
        let (directory, store, database) = try await open()
        defer { withExtendedLifetime((directory, store)) {} }
        let unique = try database.rows(
            "SELECT il.name, ii.name FROM sqlite_master m, pragma_index_list(m.name) il, pragma_index_info(il.name) ii "
                + "WHERE m.type = 'table' AND il.\"unique\" = 1 AND il.origin = 'c' ORDER BY 1")
        #expect(unique.contains(["Band_unique_Band_0", "name"]))
        #expect(unique.contains(["Tag_unique_Tag_0", "name"]))
        let foreignKeys = try database.column("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%\\_fk\\_%' ESCAPE '\\'")
        #expect(Set(foreignKeys).isSuperset(of: ["Album_fk_band", "Track_fk_album", "Band_fk_label", "Band_fk_manager"]))
    }

    @Test func versionHashIsStored() async throws {
        let (directory, store, database) = try await open()
        defer { withExtendedLifetime((directory, store)) {} }
        #expect(try database.column("SELECT value FROM _og_metadata WHERE key = 'versionHash'") == [MusicModel.model.schema.versionHash])
        #expect(try database.column("PRAGMA journal_mode") == ["wal"])
    }

    @Test func reopeningKeepsDataAndKeys() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reopen.sqlite")
        do {
            let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
            let context = try ObjectContext(store: store, model: MusicModel.model)
            TranslationData.insert(into: context)
            try await context.save()
        }
        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        #expect(try await store.count(StoreFetchRequest(entityName: "Track")) == 7)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let tag = Tag(context: context, name: "new")
        try await context.save()
        #expect(tag.objectID == AnyObjectID(entityName: "Tag", key: .integer(5)))
    }

    @Test func openingAnotherModelVersionFailsNamingBothVersions() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("versions.sqlite")
        let first = ModelDescription(name: "Notes", entities: [
            EntityDescription(name: "Note", attributes: [AttributeDescription(name: "text", type: .string)]),
        ])
        let second = ModelDescription(name: "Notes", entities: [
            EntityDescription(name: "Note", attributes: [AttributeDescription(name: "text", type: .string),
                                                         AttributeDescription(name: "pinned", type: .boolean)]),
        ])
        _ = try await SQLiteStore(at: .file(path), model: first)
        _ = try await SQLiteStore(at: .file(path), model: first)
        await #expect(throws: SQLiteStoreError.modelVersionMismatch(
            path: path, databaseVersion: first.versionHash, modelVersion: second.versionHash)) {
            try await SQLiteStore(at: .file(path), model: second)
        }
        let error = SQLiteStoreError.modelVersionMismatch(path: path, databaseVersion: first.versionHash, modelVersion: second.versionHash)
        #expect(error.description.contains(first.versionHash) && error.description.contains(second.versionHash))
    }

    @Test func identifiersAreQuoted() async throws {
        let model = ModelDescription(name: "Awkward", entities: [
            EntityDescription(name: "Order", attributes: [
                AttributeDescription(name: "select", type: .string, isIndexed: true),
                AttributeDescription(name: "group", type: .integer64),
            ], uniquenessConstraints: [["group"]]),
        ])
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let id = AnyObjectID.temporary(entityName: "Order")
        let permanentIDs = try await store.save(ChangeSet(inserted: [
            Snapshot(id: id, entityName: "Order", values: [.string("x\"y"), .integer(1)], toOneIDs: []),
        ]))
        let fetched = try await store.fetch(StoreFetchRequest(entityName: "Order", predicate: .compare(["select"], .equal, .string("x\"y"))))
        #expect(fetched.map(\.id) == permanentIDs)
    }
}
