#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import ObjectGraphSQL
import Testing

/// A database created before identifiers over 63 bytes were hashed (``SQLDialect/generatedName(_:)``) holds
/// them under the first 63 bytes the server cut them to. Opening it renames each to its generated name,
/// found in the catalog, inside the installer's locked transaction, and creates the link table's reverse
/// index, which the older version skipped (its cut name was the link table's own): two stores open it at
/// once, the data is intact and the store reads and writes it.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresServerCutNameTests {
    typealias M = VersionedModels
    static let page = "ArchivedLaboratoryNotebookPageScannedAtTheEndOfEachDayFor"
    static let summary = "handwrittenSummaryOfTheExperimentsThatWereCarriedOutOnThisParticularDay"
    static let notebook = "notebookThatThisArchivedPageWasTornOutOfBeforeItWasScannedForTheArchive"
    static let crossReferenced = "crossReferencedPagesThatDiscussTheSameExperimentalTechniqueInDetail"
    static let referencedBy = "pagesThatCrossReferenceThisPageBecauseTheyShareAnExperimentalTechnique"
    static func model(_ pageAttributes: [AttributeDescription]) -> ModelDescription {
        M.model(
            EntityDescription(name: "Notebook", attributes: [M.attribute("title", .string)],
                              relationships: [M.toMany("pages", page, inverse: notebook)]),
            EntityDescription(name: page, attributes: [M.attribute(summary, .string), M.attribute("serial", .string)] + pageAttributes, relationships: [
                M.toOne(notebook, "Notebook", inverse: "pages"),
                M.toMany(crossReferenced, page, inverse: referencedBy), M.toMany(referencedBy, page, inverse: crossReferenced),
            ], uniquenessConstraints: [[summary]], indexes: [IndexDescription(name: "bySerial", elements: [.init(property: "serial")])]))
    }

    static let model = model([])
    static let shelfMark = "shelfMarkUnderWhichThePageIsFiledInTheBasementArchiveOfTheInstitute"
    static let versioned = M.history([("1", model), ("2", model([M.attribute(shelfMark, .string, default: .string("unfiled"))]))],
                                     stages: [[.addAttribute(entity: page, attribute: shelfMark, defaultValue: .string("unfiled"))]])

    @Test func anOlderSchemaWithCutNamesIsRenamedWhenOpenedAndItsDataIsKept() async throws {
        let schema = StoreSchema(model: Self.model)
        let names = schema.longNames
        #expect(names.tables.count == 1 && names.sequences.count == 1 && names.columns.count == 2 && names.indexes.count == 4)
        let configuration = try TestDatabase.configuration()
        let schemaName = try #require(configuration.schema)
        try await TestDatabase.psql("CREATE SCHEMA \(SQL.quote(schemaName)); SET search_path TO \(SQL.quote(schemaName)); "
            + Self.olderSchema(schema, names).joined(separator: ";\n") + ";\n" + Self.olderData(schema, version: nil))
        let before = try await Self.catalogNames(in: schemaName)
        #expect(before.filter(Self.isGenerated).isEmpty, "the older schema has only the server's cut names")
        #expect(names.all.allSatisfy { before.contains($0.cut) })

        async let first = PostgresStore(configuration: configuration, model: Self.model)
        async let second = PostgresStore(configuration: configuration, model: Self.model)
        let (store, other) = try await (first, second)
        let after = try await Self.catalogNames(in: schemaName)
        for name in names.all {
            #expect(after.contains(name.generated) && !after.contains(name.cut), "\(name.cut) → \(name.generated)")
        }

        let pages = try await store.fetch(StoreFetchRequest(entityName: Self.page, sortDescriptors: [SortExpression([Self.summary])]))
        #expect(pages.map { $0.values[0] } == [.string("Summary one"), .string("Summary two")])
        #expect(pages.map(\.toOneIDs) == [[Self.id("Notebook", 1)], [Self.id("Notebook", 1)]])
        let references = try await store.relatedIDs(for: Self.crossReferenced, of: Self.page, ids: [Self.id(Self.page, 1)])
        #expect(references[Self.id(Self.page, 1)] == [Self.id(Self.page, 2)])
        let referrers = try await other.relatedIDs(for: Self.referencedBy, of: Self.page, ids: [Self.id(Self.page, 2)])
        #expect(referrers[Self.id(Self.page, 2)] == [Self.id(Self.page, 1)])

        let context = try ObjectContext(store: store, model: ManagedObjectModel(schema: Self.model, objectClass: PropertyObject.self))
        let added = try context.insertObject(ofEntity: Self.page)
        try added.setValue(AttributeValue.string("Summary three"), forKey: Self.summary)
        try await context.save()
        #expect(added.objectID == Self.id(Self.page, 3))
        let clash = try context.insertObject(ofEntity: Self.page)
        try clash.setValue(AttributeValue.string("Summary two"), forKey: Self.summary)
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .uniquenessViolation(_, let properties, _, _)? = error else {
            Issue.record("expected a uniqueness violation, got \(String(describing: error))")
            return
        }
        #expect(properties == [Self.summary])
        let matching = StoreFetchRequest(entityName: Self.page, predicate: .compare([Self.summary], .greater, .string("Summary one")))
        #expect(try await other.count(matching) == 2)
    }

    /// The DDL of `schema` as a version before generated names sent it: every long identifier under the
    /// name the server cut it to.
    static func olderSchema(_ schema: StoreSchema, _ names: LongNames) -> [String] {
        schema.creationStatements(for: .postgreSQL).map { statement in
            names.all.reduce(statement) { $0.replacingOccurrences(of: SQL.quote($1.generated), with: SQL.quote($1.cut)) }
        }
    }

    /// A database of version 1 of a history made before generated names is renamed with version 1's
    /// names, then migrated to version 2 (a long attribute added): the rows keep their values and get the
    /// default.
    @Test func anOlderVersionWithCutNamesIsRenamedThenMigrated() async throws {
        let schema = StoreSchema(model: Self.model)
        let configuration = try TestDatabase.configuration()
        let schemaName = try #require(configuration.schema)
        try await TestDatabase.psql("CREATE SCHEMA \(SQL.quote(schemaName)); SET search_path TO \(SQL.quote(schemaName)); "
            + Self.olderSchema(schema, schema.longNames).joined(separator: ";\n") + ";\n" + Self.olderData(schema, version: "1"))
        let store = try await PostgresStore(configuration: configuration, model: Self.versioned)
        let pages = try await store.fetch(StoreFetchRequest(entityName: Self.page, sortDescriptors: [SortExpression([Self.summary])]))
        #expect(pages.map { Array($0.values) } == [[.string("Summary one"), .string("A-1"), .string("unfiled")],
                                                   [.string("Summary two"), .string("A-2"), .string("unfiled")]])
        let names = try await Self.catalogNames(in: schemaName)
        #expect(StoreSchema(model: Self.versioned).longNames.all.allSatisfy { names.contains($0.generated) && !names.contains($0.cut) })
    }

    /// Rows written as the older version wrote them, with the full long names, which the server cuts as
    /// it did then: a notebook, two pages in it, the first cross-referencing the second, and the version
    /// (named `version` in a history).
    static func olderData(_ schema: StoreSchema, version: String?) -> String {
        let pageTable = schema.tables.first { $0.name == page }
        let notebookTable = schema.tables.first { $0.name == "Notebook" }
        let notebookColumn = pageTable?.columns.first { if case .key = $0.type { true } else { false } }?.name ?? ""
        let link = schema.links.first?.name ?? ""
        let (pageCode, notebookCode) = (pageTable?.entityCodes.first ?? 0, notebookTable?.entityCodes.first ?? 0)
        return """
            INSERT INTO "_og_metadata" VALUES ('versionHash', '\(model.versionHash)'), ('modelName', '\(model.name)')\(version.map { ", ('modelVersion', '\($0)')" } ?? "");
            INSERT INTO "Notebook" ("_pk", "_entity", "title") VALUES (1, \(notebookCode), 'Lab book');
            INSERT INTO "\(page)" ("_pk", "_entity", "\(summary)", "serial", "\(notebookColumn)")
                VALUES (1, \(pageCode), 'Summary one', 'A-1', 1), (2, \(pageCode), 'Summary two', 'A-2', 1);
            INSERT INTO "\(link)" ("a", "b") VALUES (1, 2);
            SELECT setval('"\(StoreSchema.keySequenceName(of: page))"', 2), setval('"\(StoreSchema.keySequenceName(of: "Notebook"))"', 1);
            """
    }

    /// The names of the tables, sequences, indexes, table columns and constraints of `schema`.
    static func catalogNames(in schema: String) async throws -> Set<String> {
        let rows = try await TestDatabase.psql("""
            SELECT relname FROM pg_class WHERE relnamespace = '\(schema)'::regnamespace
            UNION SELECT a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
                WHERE c.relnamespace = '\(schema)'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            UNION SELECT conname FROM pg_constraint WHERE connamespace = '\(schema)'::regnamespace
            """)
        return Set(rows.split(separator: "\n").map(String.init))
    }

    /// Whether `name` is one ``SQLDialect/generatedName(_:)`` made: 63 bytes ending in `_` and 16 hex digits.
    static func isGenerated(_ name: String) -> Bool {
        name.utf8.count == 63 && name.suffix(17).first == "_" && name.suffix(16).allSatisfy(\.isHexDigit)
    }

    static func id(_ entity: String, _ key: Int64) -> AnyObjectID {
        AnyObjectID(entityName: entity, key: .integer(key))
    }
}
#endif
