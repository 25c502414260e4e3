#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// Creates the schema in a new database, or checks that the installed one has the model's version hash,
/// on a connection of its own, so that the server's answer (unreachable, wrong password) is the error.
///
/// It runs in one transaction under a transaction-level advisory lock: of several processes starting at
/// once, one creates the tables and the others wait for it and then find them.
struct SchemaInstaller {
    /// The advisory lock key every store takes while it installs or checks a schema (`"og_schema"`).
    static let lockKey: Int64 = 0x6f67_5f73_6368_656d

    let configuration: PostgresStore.Configuration
    let schema: StoreSchema

    func install() async throws {
        let connection = try await configuration.connect()
        do {
            try await installInTransaction(on: connection)
            try await connection.close()
        } catch let error as PSQLError {
            try? await connection.close()
            throw error.storeError(configuration, sql: error.query?.sql ?? "")
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private func installInTransaction(on connection: PostgresConnection) async throws {
        try await connection.run("BEGIN")
        do {
            try await connection.run("SELECT pg_advisory_xact_lock($1)", [.integer(Self.lockKey)])
            if let name = configuration.schema {
                try await connection.run("CREATE SCHEMA IF NOT EXISTS \(SQL.quote(name))")
                try await connection.run("SET LOCAL search_path TO \(SQL.quote(name))")
            }
            if let stored = try await storedVersionHash(on: connection) {
                guard stored == schema.model.versionHash else {
                    throw PostgresStoreError.modelVersionMismatch(databaseVersion: stored, modelVersion: schema.model.versionHash)
                }
            } else {
                for statement in schema.creationStatements(for: .postgreSQL) { try await connection.run(statement) }
                let upsert = SQLDialect.postgreSQL.upsert(
                    into: StoreSchema.metadataTable, key: "key", columns: ["key", "value"], values: "($1, $2)")
                for (key, value) in [("versionHash", schema.model.versionHash), ("modelName", schema.model.name)] {
                    try await connection.run(upsert, [.string(key), .string(value)])
                }
            }
            try await connection.run("COMMIT")
        } catch {
            try? await connection.run("ROLLBACK")
            throw error
        }
    }

    /// The version hash in the metadata table, or `nil` when there is no such table (an empty database).
    private func storedVersionHash(on connection: PostgresConnection) async throws -> String? {
        var exists = false
        try await connection.run("SELECT to_regclass($1) IS NOT NULL", [.string(SQL.quote(StoreSchema.metadataTable))]) { row in
            exists = try row[0].decode(Bool.self)
        }
        guard exists else { return nil }
        var stored: String?
        try await connection.run(
            "SELECT \"value\" FROM \(SQL.quote(StoreSchema.metadataTable)) WHERE \"key\" = $1", [.string("versionHash")]
        ) { row in stored = try row[0].decode(String.self) }
        return stored
    }
}
#endif
