import CSQLite
import Foundation
import ObjectGraph
import ObjectGraphConformance
#if PostgreSQL
import ObjectGraphPostgres
#endif
import ObjectGraphSQL
import ObjectGraphSQLite
import Testing

/// The stores the chains migrate on.
enum ChainBackend: String, Sendable, CustomTestStringConvertible {
    /// A SQLite file.
    case sqlite
    /// A schema of its own on the server `MODELGEN_POSTGRES_URL` names (built with the `PostgreSQL` trait).
    case postgreSQL

    /// SQLite, and PostgreSQL when the trait is on and a server is given (`Scripts/postgres-cluster.sh`).
    static var available: [ChainBackend] {
        #if PostgreSQL
        if postgresURL != nil { return [.sqlite, .postgreSQL] }
        #endif
        return [.sqlite]
    }

    static let postgresURL = ProcessInfo.processInfo.environment["MODELGEN_POSTGRES_URL"]

    var testDescription: String { rawValue }
}

/// A database written by one version of a generated model's history and read back by name, for the
/// real-chain migration tests: a SQLite file in a temporary directory, or a PostgreSQL schema of its own.
final class ChainDatabase {
    let backend: ChainBackend
    let directory: URL
    let path: String
    /// The PostgreSQL schema holding the tables.
    let schemaName = "og_chain_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")

    init(_ backend: ChainBackend = .sqlite) throws {
        self.backend = backend
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("chain.sqlite").path
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A store of `model` on the database, migrating older data with `customSteps`.
    func open(_ model: ModelDescription, customSteps: [CustomMigrationStep] = []) async throws -> any PersistentStore {
        switch backend {
        case .sqlite:
            return try await SQLiteStore(at: .file(path), model: model, customMigrationSteps: customSteps)
        case .postgreSQL:
            #if PostgreSQL
            var configuration = try PostgresStore.Configuration(url: try #require(ChainBackend.postgresURL))
            configuration.schema = schemaName
            configuration.maximumConnections = 2
            return try await PostgresStore(configuration: configuration, model: model, customMigrationSteps: customSteps)
            #else
            throw ChainError("built without the PostgreSQL trait")
            #endif
        }
    }

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
        let store = try await open(schema)
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
    static func rows(_ entity: String, in store: any PersistentStore) async throws -> [Int64: ChainRow] {
        let model = store.model
        var rows: [Int64: ChainRow] = [:]
        for snapshot in try await store.fetch(StoreFetchRequest(entityName: entity)) {
            guard case .integer(let key) = snapshot.id.key, let described = model.entity(named: snapshot.entityName) else {
                throw ChainError("unexpected object \(snapshot.id)")
            }
            var row = ChainRow(entity: snapshot.entityName)
            for (attribute, value) in zip(described.attributes, Array(snapshot.values)) { row.values[attribute.name] = value }
            for (index, id) in zip(described.toOneRelationshipIndices, Array(snapshot.toOneIDs)) {
                let key: Int64? = id.flatMap { if case .integer(let key) = $0.key { key } else { nil } }
                row.toOnes.updateValue(key, forKey: described.relationships[index].name)
            }
            rows[key] = row
        }
        return rows
    }

    /// The first column of every row of `sql`, read through a connection of its own (PostgreSQL: `psql`,
    /// in the database's schema).
    func column(_ sql: String) async throws -> [String] {
        if backend == .postgreSQL { return try await psqlColumn(sql) }
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

extension ChainDatabase {
    /// The names of the indexes whose name contains `part`, sorted.
    func indexNames(containing part: String) async throws -> [String] {
        switch backend {
        case .sqlite: try await column("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%\(part)%' ORDER BY name")
        case .postgreSQL: try await column("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%\(part)%' ORDER BY 1")
        }
    }

    /// The names of the tables starting with `prefix` (`_` matches itself).
    func tableNames(startingWith prefix: String) async throws -> [String] {
        switch backend {
        case .sqlite: try await column("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, \(prefix.count)) = '\(prefix)'")
        case .postgreSQL: try await column("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND starts_with(tablename, '\(prefix)')")
        }
    }

    /// Whether `column` of `table` refuses NULL.
    func isRequired(column: String, of table: String) async throws -> Bool {
        switch backend {
        case .sqlite: try await self.column("SELECT \"notnull\" FROM pragma_table_info('\(table)') WHERE name = '\(column)'") == ["1"]
        case .postgreSQL: try await self.column("SELECT is_nullable FROM information_schema.columns WHERE table_schema = current_schema() "
            + "AND table_name = '\(table)' AND column_name = '\(column)'") == ["NO"]
        }
    }

    /// The name the store gives an index called `name` on this database (``SQLDialect/generatedName(_:)``).
    func storedName(_ name: String) -> String {
        (backend == .postgreSQL ? SQLDialect.postgreSQL : .sqlite).generatedName(name)
    }

    private func psqlColumn(_ sql: String) async throws -> [String] {
        try await ToolProcess.output(of: "psql", [ChainBackend.postgresURL ?? "", "-tA", "-v", "ON_ERROR_STOP=1",
                                                  "-c", "SET search_path TO \"\(schemaName)\"", "-c", sql])
            .split(separator: "\n").map(String.init).filter { $0 != "SET" }
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
struct ChainRow: Equatable {
    let entity: String
    var values: [String: AttributeValue] = [:]
    var toOnes: [String: Int64?] = [:]
}

struct ChainError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
