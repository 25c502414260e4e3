import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQL
import Testing

/// The one translator speaks both dialects: the same request gives the same SQL shape with each
/// dialect's placeholders, literals, types and list forms.
@Suite struct SQLDialectTests {
    private let schema = StoreSchema(model: MusicModel.model.schema)

    @Test func placeholdersAreNumberedAcrossJoinedFragmentsAndNeverInsideIdentifiers() {
        var sql = SQLText("SELECT \(SQL.quote("we?ird$1\"name")) FROM t WHERE a = ")
        sql.bind(.integer(1))
        var other = SQLText(" AND \(SQL.quote("b?")) IN (")
        other.bind(.string("x"))
        other.append(", ")
        other.bind(.string("?"))
        other.append(")")
        sql.append(other)
        #expect(sql.text(for: .sqlite) == "SELECT \"we?ird$1\"\"name\" FROM t WHERE a = ? AND \"b?\" IN (?, ?)")
        #expect(sql.text(for: .postgreSQL) == "SELECT \"we?ird$1\"\"name\" FROM t WHERE a = $1 AND \"b?\" IN ($2, $3)")
        #expect(sql.arguments == [.integer(1), .string("x"), .string("?")])
    }

    @Test func predicatesUseEachDialectsForms() throws {
        var request = StoreFetchRequest(entityName: "Band")
        request.predicate = .and([
            .not(.compare(["name"], .equal, .string("Low"), options: [.caseInsensitive])),
            .compare(["formed"], .notEqual, .integer(1990)),
            .string(["name"], .beginsWith, "L%"),
        ])
        request.sortDescriptors = [SortExpression(["name"])]
        request.offset = 2
        let sqlite = try SelectBuilder(schema: schema, dialect: .sqlite).fetch(request).sql
        let postgres = try SelectBuilder(schema: schema, dialect: .postgreSQL).fetch(request).sql
        let sqliteText = sqlite.text(for: .sqlite)
        let postgresText = postgres.text(for: .postgreSQL)
        #expect(sqliteText.contains("NOT ifnull((og_fold(t1.\"name\", 1) = ?), 0)"))
        #expect(postgresText.contains(
            "NOT coalesce((lower((t1.\"name\") COLLATE \"und-x-icu\") = lower(($1) COLLATE \"und-x-icu\")), FALSE)"))
        #expect(sqliteText.contains("t1.\"formed\" IS NOT ?"))
        #expect(postgresText.contains("t1.\"formed\" IS DISTINCT FROM $2"))
        #expect(postgresText.contains("t1.\"name\" LIKE $3 ESCAPE '\\'"))
        #expect(postgresText.contains("ORDER BY t1.\"name\" ASC NULLS FIRST, t1.\"_pk\" LIMIT $4 OFFSET $5"))
        #expect(sqlite.arguments[0] == .string("low"))
        #expect(postgres.arguments[0] == .string("Low"))
        #expect(sqlite.arguments[2] == .string("L\\%%"))
        #expect(sqlite.arguments[3] == .integer(-1))
        #expect(postgres.arguments[3] == .null)
    }

    @Test func diacriticInsensitiveComparisonsAreNotNativeOnPostgreSQL() {
        var request = StoreFetchRequest(entityName: "Band")
        request.predicate = .compare(["name"], .equal, .string("Löw"), options: [.diacriticInsensitive])
        #expect(throws: ObjectGraphError.self) { try SelectBuilder(schema: schema, dialect: .postgreSQL).fetch(request) }
        #expect(throws: Never.self) { try SelectBuilder(schema: schema, dialect: .sqlite).fetch(request) }
    }

    @Test func schemaUsesEachDialectsTypesAndPostgreSQLAddsForeignKeysAndSequences() {
        let sqlite = schema.creationStatements(for: .sqlite)
        let postgres = schema.creationStatements(for: .postgreSQL)
        #expect(sqlite.contains { $0.hasPrefix("CREATE TABLE IF NOT EXISTS \"Album\" (\"_pk\" INTEGER PRIMARY KEY") })
        let album = postgres.first { $0.hasPrefix("CREATE TABLE IF NOT EXISTS \"Album\"") } ?? ""
        #expect(album.contains("\"_pk\" bigint PRIMARY KEY"))
        #expect(album.contains("\"title\" text COLLATE \"C\" NOT NULL"))
        #expect(album.contains("\"releaseDate\" timestamptz"))
        #expect(album.contains("\"price\" numeric"))
        #expect(album.contains("\"isLive\" boolean"))
        #expect(postgres.contains("CREATE SEQUENCE IF NOT EXISTS \"_og_seq_Album\""))
        #expect(postgres.contains { $0.contains("ALTER TABLE \"Album\" ADD FOREIGN KEY (\"band\") REFERENCES \"Band\"") })
        #expect(postgres.contains(
            "ALTER TABLE \"Band\" ADD CONSTRAINT \"Band_unique_Band_0\" UNIQUE (\"name\") DEFERRABLE INITIALLY DEFERRED"))
        #expect(sqlite.contains("CREATE UNIQUE INDEX IF NOT EXISTS \"Band_unique_Band_0\" ON \"Band\" (\"name\")"))
        #expect(!sqlite.contains { $0.contains("FOREIGN KEY") })
        #expect(sqlite.contains { $0.contains("\"_og_sequence\"") })
    }

    @Test func postgreSQLComparesBooleansWithNumbersAsIntegers() throws {
        var request = StoreFetchRequest(entityName: "Album")
        request.predicate = .or([
            .compare(["isLive"], .equal, .integer(1)), .compare(["year"], .equal, .bool(true)),
            .isIn(["isLive"], [.bool(true), .integer(0)]),
        ])
        let postgres = try SelectBuilder(schema: schema, dialect: .postgreSQL).fetch(request).sql
        #expect(postgres.text(for: .postgreSQL).contains("(t1.\"isLive\")::integer = $1"))
        #expect(postgres.arguments.prefix(2) == [.integer(1), .integer(1)])
        #expect(postgres.text(for: .postgreSQL).contains("(t1.\"isLive\" = $3 OR (t1.\"isLive\")::integer = $4)"))
        let sqlite = try SelectBuilder(schema: schema, dialect: .sqlite).fetch(request).sql
        #expect(sqlite.arguments.prefix(2) == [.integer(1), .bool(true)])
    }

    @Test func writesUseEachDialectsPlaceholdersAndUpserts() throws {
        let album = try schema.layout(of: "Album")
        let columns = WriteSQL.insertColumns(of: album).count
        #expect(WriteSQL(dialect: .sqlite).insert(album, rows: 2).hasSuffix(
            "VALUES (" + Array(repeating: "?", count: columns).joined(separator: ", ") + "), ("
                + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"))
        #expect(WriteSQL(dialect: .postgreSQL).insert(album, rows: 2).hasSuffix("$\(2 * columns))"))
        #expect(WriteSQL(dialect: .postgreSQL).update(table: "Album", columns: ["title", "year"])
            == "UPDATE \"Album\" SET \"title\" = $1, \"year\" = $2 WHERE \"_pk\" = $3")
        #expect(WriteSQL(dialect: .sqlite).update(table: "Album", columns: ["title", "year"], rows: 2)
            == "UPDATE \"Album\" AS t SET \"title\" = v.column2, \"year\" = v.column3 "
            + "FROM (VALUES (?, ?, ?), (?, ?, ?)) AS v WHERE t.\"_pk\" = v.column1")
        #expect(WriteSQL(dialect: .postgreSQL).update(table: "Album", columns: [], rows: 2)
            == "UPDATE \"Album\" AS t SET \"_pk\" = v.column1 FROM (VALUES ($1), ($2)) AS v WHERE t.\"_pk\" = v.column1")
        #expect(WriteSQL(dialect: .sqlite).delete(from: "Album") == "DELETE FROM \"Album\" WHERE \"_pk\" = ?")
        #expect(WriteSQL(dialect: .sqlite).delete(from: "_link_Tag_tracks", where: "b", keys: 3)
            == "DELETE FROM \"_link_Tag_tracks\" WHERE \"b\" IN (?, ?, ?)")
        #expect(WriteSQL(dialect: .postgreSQL).delete(from: "Album", keys: 2) == "DELETE FROM \"Album\" WHERE \"_pk\" IN ($1, $2)")
        #expect(SQLDialect.postgreSQL.upsert(into: "m", key: "key", columns: ["key", "value"], values: "($1, $2)")
            == "INSERT INTO \"m\" (\"key\", \"value\") VALUES ($1, $2) ON CONFLICT (\"key\") DO UPDATE SET \"value\" = EXCLUDED.\"value\"")
        #expect(SQLDialect.sqlite.upsert(into: "m", key: "key", columns: ["key", "value"], values: "(?, ?)")
            == "INSERT OR REPLACE INTO \"m\" (\"key\", \"value\") VALUES (?, ?)")
    }

    @Test func postgreSQLBatchesBindOneArrayPerColumnWhateverTheRowCount() throws {
        let album = try schema.layout(of: "Album")
        let columns = WriteSQL.insertColumns(of: album)
        #expect(WriteSQL.insertColumnTypes(of: album).count == columns.count)
        #expect(WriteSQL.insertColumnTypes(of: album).prefix(2) == [.key(referencing: "Album"), .attribute(.integer64)])
        let insert = WriteSQL(dialect: .postgreSQL).insertFromArrays(album)
        #expect(insert.hasPrefix("INSERT INTO \"Album\" (\"_pk\", \"_entity\", "))
        #expect(insert.hasSuffix("SELECT * FROM unnest(" + (1...columns.count).map { "$\($0)" }.joined(separator: ", ") + ")"))
        #expect(WriteSQL(dialect: .postgreSQL).updateFromArrays(table: "Album", columns: ["title", "year"])
            == "WITH changed AS (UPDATE \"Album\" AS t SET \"title\" = v.\"title\", \"year\" = v.\"year\", \"_version\" = t.\"_version\" + 1 "
            + "FROM unnest((SELECT $1), (SELECT $2), (SELECT $3), (SELECT $4)) AS v(\"_pk\", \"_version\", \"title\", \"year\") "
            + "WHERE t.\"_pk\" = v.\"_pk\" AND (v.\"_version\" = 0 OR t.\"_version\" = v.\"_version\") RETURNING t.\"_pk\") "
            + "SELECT array_agg(\"_pk\") FROM changed")
        #expect(WriteSQL(dialect: .postgreSQL).updateFromArrays(table: "Album", columns: ["title"], locking: true)
            == "WITH changed AS (UPDATE \"Album\" AS t SET \"title\" = v.\"title\", \"_version\" = t.\"_version\" + 1 "
            + "FROM unnest((SELECT $1), (SELECT $2), (SELECT $3)) AS v(\"_pk\", \"_version\", \"title\") "
            + "WHERE t.\"_pk\" = v.\"_pk\" AND (v.\"_version\" = 0 OR t.\"_version\" = v.\"_version\") "
            + "AND (SELECT count(*) FROM (SELECT 1 FROM \"Album\" WHERE \"_pk\" = ANY((SELECT $1)::bigint[]) ORDER BY \"_pk\" FOR NO KEY UPDATE) AS locked) >= 0 "
            + "RETURNING t.\"_pk\") SELECT array_agg(\"_pk\") FROM changed")
        #expect(WriteSQL(dialect: .postgreSQL).lockInKeyOrder(table: "Album")
            == "SELECT count(*) FROM (SELECT 1 FROM \"Album\" WHERE \"_pk\" = ANY((SELECT $1)::bigint[]) ORDER BY \"_pk\" FOR NO KEY UPDATE) AS locked")
        #expect(WriteSQL(dialect: .postgreSQL).lockInKeyOrder(table: "Album", mode: .update, referencing: ["band"])
            == "SELECT count(*) FROM (SELECT 1 FROM \"Album\" WHERE \"_pk\" = ANY((SELECT $1)::bigint[]) "
            + "OR \"band\" = ANY((SELECT $2)::bigint[]) ORDER BY \"_pk\" FOR UPDATE) AS locked")
        #expect(WriteSQL(dialect: .postgreSQL).lockInKeyOrder(table: "Album", mode: .keyShare)
            == "SELECT count(*) FROM (SELECT 1 FROM \"Album\" WHERE \"_pk\" = ANY((SELECT $1)::bigint[]) ORDER BY \"_pk\" FOR KEY SHARE) AS locked")
        #expect(WriteSQL(dialect: .postgreSQL).deleteFromArrays(table: "Album")
            == "WITH changed AS (DELETE FROM \"Album\" AS t USING unnest((SELECT $1), (SELECT $2)) AS v(\"_pk\", \"_version\") "
            + "WHERE t.\"_pk\" = v.\"_pk\" AND (v.\"_version\" = 0 OR t.\"_version\" = v.\"_version\") RETURNING t.\"_pk\") "
            + "SELECT array_agg(\"_pk\") FROM changed")
        let link = try #require(StoreSchema(model: MusicModel.model.schema).links.first { $0.name == "_link_Tag_tracks" })
        #expect(WriteSQL(dialect: .postgreSQL).lockLinksInKeyOrder(link)
            == "SELECT count(*) FROM (SELECT 1 FROM \"_link_Tag_tracks\" "
            + "WHERE (\"a\" = ANY($1) AND (\"a\", \"b\") IN (SELECT * FROM unnest($1, $2))) "
            + "OR \"a\" = ANY($3) OR \"b\" = ANY($4) ORDER BY \"a\", \"b\" FOR UPDATE) AS locked")
        #expect(WriteSQL(dialect: .postgreSQL).linkFromArrays(link)
            == "INSERT INTO \"_link_Tag_tracks\" (\"a\", \"b\", \"a_pos\", \"b_pos\") SELECT v.\"a\", v.\"b\", "
            + "(SELECT coalesce(max(\"a_pos\"), -1) + 1 FROM \"_link_Tag_tracks\" WHERE \"a\" = v.\"a\") + v.\"a_rank\", "
            + "(SELECT coalesce(max(\"b_pos\"), -1) + 1 FROM \"_link_Tag_tracks\" WHERE \"b\" = v.\"b\") + v.\"b_rank\" "
            + "FROM unnest($1, $2, $3, $4) AS v(\"a\", \"b\", \"a_rank\", \"b_rank\") ON CONFLICT DO NOTHING")
    }
}
