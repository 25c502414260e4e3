import CSQLite
import Foundation
import ObjectGraph
import ObjectGraphSQLite
import Testing

/// A SQLite file in a temporary directory, written by one version of a generated model's history and
/// read back by name, for the real-chain migration tests.
final class ChainDatabase {
    let directory: URL
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("chain.sqlite").path
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The model as version `index` of `history` describes it, carrying the history up to that version,
    /// so a store opened with it migrates older data to that version and stops there.
    static func model(_ current: ModelDescription, atVersion index: Int) throws -> ModelDescription {
        let history = try #require(current.history)
        if index == history.versions.count - 1 { return current }
        let schema = try #require(history.versions[index].schema)
        return ModelDescription(name: schema.name, entities: schema.entities, history: ModelVersionHistory(
            versions: Array(history.versions[...index]), stages: Array(history.stages[..<index])))
    }

    /// Creates the file with `schema` and inserts `objects` in one save; returns their keys in order.
    /// A to-one of an object may name another object of the save by its position (``SeedObject/toOnes``).
    func create(schema: ModelDescription, objects: [SeedObject]) async throws -> [Int64] {
        let store = try await SQLiteStore(at: .file(path), model: schema)
        let ids = objects.map { AnyObjectID.temporary(entityName: schema.rootEntityName(of: $0.entity)) }
        let snapshots = try objects.enumerated().map { position, object in
            let entity = try #require(schema.entity(named: object.entity))
            let values = entity.attributes.map { attribute in
                guard !attribute.isTransient else { return AttributeValue.null }
                return object.values[attribute.name] ?? attribute.defaultValue ?? .null
            }
            for name in object.values.keys where entity.attribute(named: name) == nil {
                throw ChainError("seed object \(position) names \(object.entity).\(name), which version \(schema.name) does not have")
            }
            let toOnes = entity.toOneRelationshipIndices.map { index in object.toOnes[entity.relationships[index].name].map { ids[$0] } }
            return Snapshot(id: ids[position], entityName: object.entity, values: values, toOneIDs: toOnes)
        }
        let permanent = try await store.save(ChangeSet(inserted: snapshots))
        return try permanent.map { id in
            guard case .integer(let key) = id.key else { throw ChainError("the store returned a non-integer key \(id)") }
            return key
        }
    }

    /// Every object of `entity` (with subentities) as `store` reads it, by key.
    static func rows(_ entity: String, in store: SQLiteStore) async throws -> [Int64: StoredRow] {
        let model = store.model
        var rows: [Int64: StoredRow] = [:]
        for snapshot in try await store.fetch(StoreFetchRequest(entityName: entity)) {
            guard case .integer(let key) = snapshot.id.key, let described = model.entity(named: snapshot.entityName) else {
                throw ChainError("unexpected object \(snapshot.id)")
            }
            var row = StoredRow(entity: snapshot.entityName)
            for (attribute, value) in zip(described.attributes, Array(snapshot.values)) { row.values[attribute.name] = value }
            for (index, id) in zip(described.toOneRelationshipIndices, Array(snapshot.toOneIDs)) {
                let key: Int64? = id.flatMap { if case .integer(let key) = $0.key { key } else { nil } }
                row.toOnes.updateValue(key, forKey: described.relationships[index].name)
            }
            rows[key] = row
        }
        return rows
    }

    /// The first column of every row of `sql`, read through a connection of its own.
    func column(_ sql: String) throws -> [String] {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { throw ChainError("cannot open \(path)") }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw ChainError(String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        var values: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "NULL")
        }
        return values
    }
}

/// One object to insert: its concrete entity, attribute values by name (others take their default) and
/// to-ones by name, each the position of another seed object.
struct SeedObject {
    let entity: String
    var values: [String: AttributeValue]
    var toOnes: [String: Int] = [:]
}

/// One object as a store read it: attribute values and to-one destination keys by name.
struct StoredRow: Equatable {
    let entity: String
    var values: [String: AttributeValue] = [:]
    var toOnes: [String: Int64?] = [:]
}

struct ChainError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
