// Migrating a SQLite file of N rows (default 1,000,000) with the store, against raw SQL doing the same
// work in one transaction, both timed in the same process on fresh copies of one file:
// (a) add a column with a default and rename one (the store: ALTER TABLE in place),
// (b) remove a column and widen an Integer 64 to a String (the store: a table rebuild).
//
// Usage: swift run -c release --package-path Benchmarks MigrationBenchmark [--rows N] [--runs R]
import Foundation
import GRDBSQLite
import ObjectGraph
import ObjectGraphSQLite

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? value
}
let rows = option("--rows", default: 1_000_000)
let runs = option("--runs", default: 3)

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("migration-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let original = directory.appendingPathComponent("original.sqlite").path

let item = EntityDescription(name: "Item", attributes: [
    AttributeDescription(name: "title", type: .string, isOptional: false),
    AttributeDescription(name: "price", type: .double, isOptional: false, defaultValue: .double(0)),
    AttributeDescription(name: "count", type: .integer64, isOptional: false, defaultValue: .integer(0)),
    AttributeDescription(name: "note", type: .string),
], indexes: [IndexDescription(name: "byPrice", elements: [.init(property: "price")])])
let v1 = ModelDescription(name: "Shop", entities: [item])

/// (a): `rating` added with default 0, `note` renamed `comment`.
let addAndRename: ModelDescription = {
    let v2 = EntityDescription(name: "Item", attributes: [
        item.attributes[0], item.attributes[1], item.attributes[2],
        AttributeDescription(name: "comment", type: .string),
        AttributeDescription(name: "rating", type: .integer16, isOptional: false, defaultValue: .integer(0)),
    ], indexes: item.indexes)
    return ModelDescription(name: "Shop", entities: [v2], history: ModelVersionHistory(
        versions: [ModelVersion(name: "Shop 1", schema: v1), .current("Shop 2")],
        stages: [MigrationStage(from: "Shop 1", to: "Shop 2", steps: [
            .renameAttribute(entity: "Item", from: "note", to: "comment"),
            .addAttribute(entity: "Item", attribute: "rating", defaultValue: .integer(0)),
        ])]))
}()

/// (b): `note` removed, `count` becomes a String.
let rebuild: ModelDescription = {
    let v2 = EntityDescription(name: "Item", attributes: [
        item.attributes[0], item.attributes[1],
        AttributeDescription(name: "count", type: .string, isOptional: false, defaultValue: .string("0")),
    ], indexes: item.indexes)
    return ModelDescription(name: "Shop", entities: [v2], history: ModelVersionHistory(
        versions: [ModelVersion(name: "Shop 1", schema: v1), .current("Shop 2")],
        stages: [MigrationStage(from: "Shop 1", to: "Shop 2", steps: [
            .removeAttribute(entity: "Item", attribute: "note"),
            .changeAttributeType(entity: "Item", attribute: "count", from: .integer64, to: .string),
        ])]))
}()

func execute(_ db: OpaquePointer?, _ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
        defer { sqlite3_free(message) }
        throw NSError(domain: "sqlite", code: 1, userInfo: [NSLocalizedDescriptionKey: message.map { String(cString: $0) } ?? sql])
    }
}

func withDatabase<T>(_ path: String, _ body: (OpaquePointer?) throws -> T) throws -> T {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { throw CocoaError(.fileReadUnknown) }
    defer { sqlite3_close_v2(db) }
    try execute(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
    return try body(db)
}

// The original file: the store's schema for v1, then N rows in one transaction.
do { _ = try await SQLiteStore(at: .file(original), model: v1) }
try withDatabase(original) { db in
    try execute(db, """
        BEGIN;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
        INSERT INTO Item (_pk, _entity, title, price, count, note) SELECT i, 0, 'item ' || i, i * 0.25, i, 'note ' || i FROM n;
        UPDATE _og_sequence SET last = \(rows) WHERE "table" = 'Item';
        COMMIT
        """)
}

func copyOfOriginal(_ name: String) throws -> String {
    let path = directory.appendingPathComponent(name).path
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: original, toPath: path)
    return path
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let rawAddAndRename = """
    BEGIN IMMEDIATE;
    ALTER TABLE Item RENAME COLUMN note TO comment;
    ALTER TABLE Item ADD COLUMN rating INTEGER NOT NULL DEFAULT 0;
    UPDATE _og_metadata SET value = 'new' WHERE key = 'versionHash';
    COMMIT
    """
let rawRebuild = """
    BEGIN IMMEDIATE;
    DROP INDEX Item_Item_byPrice;
    ALTER TABLE Item RENAME TO old_Item;
    CREATE TABLE Item ("_pk" INTEGER PRIMARY KEY, "_entity" INTEGER NOT NULL, "title" TEXT NOT NULL, "price" REAL NOT NULL, "count" TEXT NOT NULL);
    INSERT INTO Item (_pk, _entity, title, price, count) SELECT _pk, _entity, title, price, CAST(count AS TEXT) FROM old_Item;
    DROP TABLE old_Item;
    CREATE INDEX Item_Item_byPrice ON Item (price);
    UPDATE _og_metadata SET value = 'new' WHERE key = 'versionHash';
    COMMIT
    """

print("MigrationBenchmark: \(rows) rows, \(runs) runs (seconds; ratio = store / raw SQL, same run)")
for (name, model, raw) in [("(a) add a column with a default + rename one", addAndRename, rawAddAndRename),
                           ("(b) remove a column + Integer 64 → String (rebuild)", rebuild, rawRebuild)] {
    var ratios: [Double] = []
    for run in 1...runs {
        let oursPath = try copyOfOriginal("ours.sqlite"), rawPath = try copyOfOriginal("raw.sqlite")
        let ours = try await seconds { _ = try await SQLiteStore(at: .file(oursPath), model: model) }
        let rawTime = try await seconds { try withDatabase(rawPath) { try execute($0, raw) } }
        ratios.append(ours / rawTime)
        print("  \(name) run \(run): store \(String(format: "%.4f", ours)) s, raw SQL \(String(format: "%.4f", rawTime)) s, "
              + "ratio \(String(format: "%.2f", ours / rawTime))x")
    }
    let sorted = ratios.sorted()
    print("\(name): ratio median \(String(format: "%.2f", sorted[sorted.count / 2]))x, range "
          + "\(String(format: "%.2f", sorted.first!))–\(String(format: "%.2f", sorted.last!))x")
}
