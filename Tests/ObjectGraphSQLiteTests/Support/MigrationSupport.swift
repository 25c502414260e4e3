import Foundation
import ObjectGraph
@testable import ObjectGraphSQLite

/// Hand-written version histories and databases written by their older versions.
enum Versions {
    /// The last of `versions`, carrying the history of all of them with `stages` between consecutive ones.
    static func model(_ versions: [(name: String, model: ModelDescription)], stages: [[MigrationStep]]) -> ModelDescription {
        let last = versions[versions.count - 1]
        var history = versions.dropLast().map { ModelVersion(name: $0.name, schema: $0.model) }
        history.append(.current(last.name))
        return ModelDescription(name: last.model.name, entities: last.model.entities, history: ModelVersionHistory(
            versions: history,
            stages: zip(versions, versions.dropFirst()).enumerated().map { index, pair in
                MigrationStage(from: pair.0.name, to: pair.1.name, steps: stages[index])
            }))
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
    /// Every object of `entity` (with subentities) by key, as attribute and to-one values by name.
    func objects(_ entity: String) async throws -> [Int64: [String: String]] {
        var objects: [Int64: [String: String]] = [:]
        for snapshot in try fetch(StoreFetchRequest(entityName: entity)) {
            guard case .integer(let key) = snapshot.id.key, let described = model.entity(named: snapshot.entityName) else { continue }
            var fields: [String: String] = ["entity": snapshot.entityName]
            for (attribute, value) in zip(described.attributes, Array(snapshot.values)) { fields[attribute.name] = "\(value)" }
            for (index, id) in zip(described.toOneRelationshipIndices, Array(snapshot.toOneIDs)) {
                fields[described.relationships[index].name] = id.map { "\($0)" } ?? "nil"
            }
            objects[key] = fields
        }
        return objects
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
