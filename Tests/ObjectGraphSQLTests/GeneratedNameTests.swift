import ObjectGraph
import ObjectGraphSQL
import Testing

/// Generated index, constraint and sequence names fit PostgreSQL's 63 bytes without two becoming one.
@Suite struct GeneratedNameTests {
    static let moody = "Mood_Mood_compound_markedForRemoteDeletion_markedForDeletionDate_date"

    @Test func namesThatFitAndSQLiteNamesStayAsTheyAre() {
        let fits = String(repeating: "n", count: 63)
        #expect(SQLDialect.postgreSQL.generatedName(fits) == fits)
        #expect(SQLDialect.sqlite.generatedName(Self.moody) == Self.moody)
    }

    /// The value is pinned: stored schemas hold these names, so the hash must never change.
    @Test func aLongNameKeepsItsStartAndGetsAStableHash() {
        let name = SQLDialect.postgreSQL.generatedName(Self.moody)
        #expect(Self.moody.utf8.count == 69)
        #expect(name == "Mood_Mood_compound_markedForRemoteDeletion_mar_9ad633055ebff5df")
        #expect(name.utf8.count == SQLDialect.postgreSQLNameLimit)
    }

    @Test func longNamesSharingTheirFirst63BytesStayDistinct() {
        let shared = String(repeating: "x", count: 63)
        let names = ["A", "B", "AB", "BA"].map { SQLDialect.postgreSQL.generatedName(shared + $0) }
        #expect(Set(names).count == 4)
        #expect(names.allSatisfy { $0.utf8.count <= SQLDialect.postgreSQLNameLimit && $0.hasPrefix(String(shared.prefix(46))) })
    }

    /// The cut falls between characters, never inside one's UTF-8 bytes.
    @Test func theCutKeepsWholeCharacters() {
        let name = SQLDialect.postgreSQL.generatedName(String(repeating: "Ünïcødé_", count: 8))
        #expect(name == "Ünïcødé_Ünïcødé_Ünïcødé_Ünïcød_2c13215f7e2163e5")
        #expect(name.utf8.count <= SQLDialect.postgreSQLNameLimit)
    }

    /// Identifiers are quoted under the dialect's name for them: long ones shortened in PostgreSQL only.
    @Test func quotingUsesTheGeneratedName() {
        #expect(SQLDialect.postgreSQL.quote(Self.moody) == "\"Mood_Mood_compound_markedForRemoteDeletion_mar_9ad633055ebff5df\"")
        #expect(SQLDialect.sqlite.quote(Self.moody) == "\"\(Self.moody)\"")
        #expect(SQLDialect.postgreSQL.column("t", "a\"b") == "t.\"a\"\"b\"")
    }

    /// The name an older schema holds: the server's cut to 63 bytes, between characters.
    @Test func theServersCutNameIsTheFirst63Bytes() {
        #expect(SQLDialect.postgreSQL.serverCutName(Self.moody) == String(Self.moody.prefix(63)))
        #expect(SQLDialect.postgreSQL.serverCutName(String(repeating: "n", count: 63)) == nil)
        #expect(SQLDialect.sqlite.serverCutName(Self.moody) == nil)
        let cut = SQLDialect.postgreSQL.serverCutName(String(repeating: "Ünïcødé_", count: 8))
        #expect(cut == String(repeating: "Ünïcødé_", count: 5) + "Ün")
        #expect(cut?.utf8.count == 63)
    }

    /// The schema's DDL and index list use the generated names (here a fetch index of 69 bytes).
    @Test func theSchemaCreatesItsIndexesUnderTheGeneratedNames() {
        let model = ModelDescription(name: "Test", entities: [EntityDescription(
            name: "Mood", attributes: [AttributeDescription(name: "markedForRemoteDeletion", type: .boolean),
                                       AttributeDescription(name: "markedForDeletionDate", type: .date),
                                       AttributeDescription(name: "date", type: .date)],
            indexes: [IndexDescription(name: "compound_markedForRemoteDeletion_markedForDeletionDate_date", elements: [
                .init(property: "markedForRemoteDeletion"), .init(property: "markedForDeletionDate"), .init(property: "date"),
            ])])])
        let schema = StoreSchema(model: model)
        #expect(schema.indexDefinitions(for: .postgreSQL).map(\.name) == [SQLDialect.postgreSQL.generatedName(Self.moody)])
        #expect(schema.indexDefinitions(for: .sqlite).map(\.name) == [Self.moody])
        #expect(schema.creationStatements(for: .postgreSQL).contains {
            $0.hasPrefix("CREATE INDEX IF NOT EXISTS \"Mood_Mood_compound_markedForRemoteDeletion_mar_9ad633055ebff5df\" ON \"Mood\"")
        })
    }
}
