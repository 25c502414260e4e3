import Foundation
import ObjectGraph
import ObjectGraphConformance
@testable import ObjectGraphSQLite

/// Hand-written version histories and databases written by their older versions.
enum Versions {
    /// The last of `versions`, carrying the history of all of them (``VersionedModels/history(_:stages:)``).
    static func model(_ versions: [(name: String, model: ModelDescription)], stages: [[MigrationStep]]) -> ModelDescription {
        VersionedModels.history(versions, stages: stages)
    }

    /// A database at `path` created by `model`, then filled by `sql` (statements separated by `;\n`).
    static func database(at path: String, model: ModelDescription, sql: String) async throws {
        _ = try await SQLiteStore(at: .file(path), model: model)
        if !sql.isEmpty { try RawDatabase(path: path).execute(sql) }
    }

    /// The database file's bytes (the store checkpoints and removes the WAL file when it closes).
    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }
}

extension SQLiteStore {
    /// Every object of `entity` (with subentities) by key (``ObjectGraph/PersistentStore/describedObjects(_:)``).
    func objects(_ entity: String) async throws -> [Int64: [String: String]] {
        try await describedObjects(entity)
    }
}

/// A temporary directory holding one database file, for a migration test.
struct MigrationFile {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("migration.sqlite")
    }
}
