#if PostgreSQL
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import ObjectGraphSQL
import Testing

/// The plans the server makes for the store's statements that bind key arrays, with 5,000 keys in a
/// table of 20,000 rows, under `plan_cache_mode = force_custom_plan` (what the store's unnamed statements
/// get: a plan for the bound arrays): each finds its rows through an index. Planned with the arrays in
/// view, each read the whole table, and a save's batch statements read it once per batch.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresArrayPlanTests {
    @Test func aBatchOfUpdatesFindsItsRowsByKey() async throws {
        let plan = try await planOf(
            WriteSQL(dialect: .postgreSQL).updateFromArrays(table: "Band", columns: ["rating"], locking: true),
            types: "bigint[], bigint[], double precision[]", arguments: "$K, $K, array_fill(1.5::double precision, ARRAY[5000])")
        #expect(plan.contains("Index Scan using \"Band_pkey\" on \"Band\" t"), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")
    }

    @Test func aBatchOfDeletesFindsItsRowsByKey() async throws {
        let plan = try await planOf(WriteSQL(dialect: .postgreSQL).deleteFromArrays(table: "Band"),
                                    types: "bigint[], bigint[]", arguments: "$K, array_fill(0::bigint, ARRAY[5000])")
        #expect(plan.contains("Index Scan using \"Band_pkey\" on \"Band\" t"), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")
    }

    @Test func aLockOfRowsAndOfTheRowsNamingThemFindsThemByIndex() async throws {
        let plan = try await planOf(WriteSQL(dialect: .postgreSQL).lockInKeyOrder(table: "Band", mode: .update, referencing: ["label"]),
                                    types: "bigint[], bigint[]", arguments: "$K, $K")
        #expect(plan.contains("Bitmap Index Scan on \"Band_pkey\"") && plan.contains("Bitmap Index Scan on \"Band_fk_label\""), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")
    }

    /// The links a save names (three of 80,000), and those of the objects it deletes, are found through the
    /// link table's indexes: the unique `("a", "b")` by its leading column, and `"b"`. With the pairs' `IN`
    /// alone in its arm of the `OR`, the plan read every row of the table through the unique index.
    @Test func aLockOfLinkRowsFindsThemByIndex() async throws {
        let link = try #require(StoreSchema(model: MusicModel.model.schema).links.first { $0.name == "_link_Tag_tracks" })
        let plan = try await planOf(WriteSQL(dialect: .postgreSQL).lockLinksInKeyOrder(link),
                                    types: "bigint[], bigint[], bigint[], bigint[]", arguments: "'{1,2,3}', '{2,3,4}', '{7}', '{1}'", filling: """
            SET session_replication_role = replica;
            INSERT INTO "_link_Tag_tracks" ("a", "b", "a_pos", "b_pos") SELECT i / 4 + 1, i % 1000 + 1, 0, 0
            FROM generate_series(0, 79999) i ON CONFLICT DO NOTHING;
            ANALYZE "_link_Tag_tracks"
            """)
        #expect(plan.contains("Bitmap Index Scan on \"_link_Tag_tracks_a_b_key\"") && plan.contains("Bitmap Index Scan on \"_link_Tag_tracks_b\""), "\(plan)")
        #expect(!plan.contains("Seq Scan") && !plan.contains("Index Scan using"), "\(plan)")
    }

    @Test func rowsLookedUpByKeyAreFoundByKey() async throws {
        let table = try StoreSchema(model: MusicModel.model.schema).table(named: "Band")
        let plan = try await planOf(SelectBuilder(schema: StoreSchema(model: MusicModel.model.schema), dialect: .postgreSQL).rows(of: table),
                                    types: "bigint[]", arguments: "$K")
        #expect(plan.contains("Index Scan using \"Band_pkey\" on \"Band\" t"), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")
    }

    /// The plan (`EXPLAIN (COSTS OFF)`) of `statement` prepared with argument `types` and executed with
    /// `arguments` (`$K`: the keys 1 to 5,000) as a custom plan, in a schema whose `Band` table holds
    /// 20,000 rows, after the statements `filling` (in that schema, as the cluster's superuser).
    private func planOf(_ statement: String, types: String, arguments: String, filling: String = "") async throws -> String {
        let configuration = try TestDatabase.configuration()
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: context, name: "Band 1")
        try await context.save()
        let schema = "SET search_path TO \(SQL.quote(try #require(configuration.schema))); "
        try await TestDatabase.psql(schema + #"""
            INSERT INTO "Band" SELECT (jsonb_populate_record(NULL::"Band", to_jsonb(b)
                || jsonb_build_object('_pk', b."_pk" + g, 'name', 'Band ' || (b."_pk" + g)))).*
            FROM "Band" b, generate_series(1, 19999) g;
            ANALYZE "Band"
            """#)
        if !filling.isEmpty { try await TestDatabase.psql(schema + filling) }
        let keys = "'{" + (1...5_000).map(String.init).joined(separator: ",") + "}'"
        return try await TestDatabase.psql(schema + "SET plan_cache_mode = force_custom_plan; "
            + "PREPARE statement(\(types)) AS \(statement); "
            + "EXPLAIN (COSTS OFF) EXECUTE statement(\(arguments.replacingOccurrences(of: "$K", with: keys)))")
    }
}
#endif
