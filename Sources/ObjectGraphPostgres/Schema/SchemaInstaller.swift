#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// Creates the schema in a new database, accepts one written by the current model version, or migrates
/// one written by an older version of the model's history through every stage to the current one, on a
/// connection of its own, so that the server's answer (unreachable, wrong password) is the error.
///
/// It runs in one transaction (PostgreSQL's DDL is transactional: a failed migration leaves nothing
/// behind) under a transaction-level advisory lock: of several processes starting at once, one creates
/// or migrates the tables and the others wait for it and then find the current version. The transaction
/// runs at `read committed` whatever the role's or database's `default_transaction_isolation`: at a
/// stricter level, a store that waited for the lock would read the version table from a snapshot taken
/// before its wait, find no version and create the tables again. Before anything
/// else, identifiers over 63 bytes that a database created before they were hashed holds under the
/// server's cut names are renamed (``ServerCutNameRenamer``).
struct SchemaInstaller {
    /// The advisory lock key every store takes while it installs or checks a schema (`"og_schema"`).
    static let lockKey: Int64 = 0x6f67_5f73_6368_656d

    let configuration: PostgresStore.Configuration
    let schema: StoreSchema
    let customSteps: [CustomMigrationStep]

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
        try await connection.run("BEGIN ISOLATION LEVEL READ COMMITTED")
        do {
            try await connection.run("SELECT pg_advisory_xact_lock($1)", [.integer(Self.lockKey)])
            if let name = configuration.schema {
                try await connection.run("CREATE SCHEMA IF NOT EXISTS \(SQL.quote(name))")
                try await connection.run("SET LOCAL search_path TO \(SQL.quote(name))")
            }
            let database = PostgresMigrationDatabase(connection: connection, configuration: configuration)
            if let stored = try await storedVersion(on: connection) {
                if let storedSchema = storedSchema(stored) {
                    try await ServerCutNameRenamer(names: storedSchema.longNames, connection: connection).run()
                }
                try await migrate(from: stored, database: database)
            } else {
                for statement in schema.creationStatements(for: .postgreSQL) { try await connection.run(statement) }
                try await database.recordVersion(hash: schema.model.versionHash, name: schema.model.history?.currentVersionName,
                                                 model: schema.model.name)
            }
            try await connection.finishTransaction(.commit)
        } catch {
            await connection.rollBack(after: error)
            throw error
        }
    }

    /// Accepts data of the current version, or migrates data of an older version of the history.
    private func migrate(from stored: (hash: String, name: String?), database: PostgresMigrationDatabase) async throws {
        let model = schema.model
        let mismatch = PostgresStoreError.modelVersionMismatch(databaseVersion: stored.hash, modelVersion: model.versionHash)
        guard let history = model.history else {
            guard stored.hash == model.versionHash else { throw mismatch }
            return
        }
        guard let index = history.versionIndex(hash: stored.hash, name: stored.name) else { throw mismatch }
        let last = history.versions.count - 1
        guard index < last else {
            if stored.name != history.currentVersionName {
                try await database.recordVersion(hash: model.versionHash, name: history.currentVersionName, model: model.name)
            }
            return
        }
        let plan = try MigrationPlan(model: model, customSteps: customSteps)
        guard configuration.migration == .automatic else {
            throw MigrationError.refused(dataVersion: history.versions[index].name, currentVersion: history.versions[last].name)
        }
        try await database.execute("SET CONSTRAINTS ALL IMMEDIATE", [])
        try await plan.run(fromVersionAt: index, on: SQLMigrator(database: database))
    }

    /// The schema of the stored version (the current one, or an older version of the history), if the
    /// model knows it.
    private func storedSchema(_ stored: (hash: String, name: String?)) -> StoreSchema? {
        let model = schema.model
        if stored.hash == model.versionHash { return schema }
        guard let history = model.history, let index = history.versionIndex(hash: stored.hash, name: stored.name) else { return nil }
        return history.versions[index].schema.map { StoreSchema(model: $0) }
    }

    /// The version hash and name in the metadata table, or `nil` when there is no such table (an empty database).
    private func storedVersion(on connection: PostgresConnection) async throws -> (hash: String, name: String?)? {
        var exists = false
        try await connection.run("SELECT to_regclass($1) IS NOT NULL", [.string(SQL.quote(StoreSchema.metadataTable))]) { row in
            exists = try row[0].decode(Bool.self)
        }
        guard exists else { return nil }
        var values: [String: String] = [:]
        try await connection.run("SELECT \"key\", \"value\" FROM \(SQL.quote(StoreSchema.metadataTable))") { row in
            values[try row[0].decode(String.self)] = try row[1].decode(String.self)
        }
        return values["versionHash"].map { ($0, values["modelVersion"]) }
    }
}
#endif
