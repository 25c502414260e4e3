import ObjectGraph
import ObjectGraphSQL

extension SQLiteStore {
    /// Inside one transaction: creates the schema of a new database, accepts one written by the current
    /// model version, or migrates one written by an older version of the model's history through every
    /// stage to the current one. Any failure rolls the whole transaction back.
    func installOrMigrate(_ connection: Connection, policy: Configuration.MigrationPolicy, customSteps: [CustomMigrationStep]) async throws {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            try await installOrMigrateInTransaction(connection, policy: policy, customSteps: customSteps)
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    private func installOrMigrateInTransaction(_ connection: Connection, policy: Configuration.MigrationPolicy,
                                               customSteps: [CustomMigrationStep]) async throws {
        guard let stored = try connection.storedVersion() else {
            try connection.createSchema(schema)
            return
        }
        guard let history = model.history else {
            guard stored.hash == model.versionHash else {
                throw SQLiteStoreError.modelVersionMismatch(path: connection.path, databaseVersion: stored.hash, modelVersion: model.versionHash)
            }
            return
        }
        guard let index = history.versionIndex(hash: stored.hash, name: stored.name) else {
            throw SQLiteStoreError.modelVersionMismatch(path: connection.path, databaseVersion: stored.hash, modelVersion: model.versionHash)
        }
        let last = history.versions.count - 1
        guard index < last else {
            if stored.name != history.currentVersionName {
                try connection.recordVersion(hash: model.versionHash, name: history.currentVersionName, model: model.name)
            }
            return
        }
        let plan = try MigrationPlan(model: model, customSteps: customSteps)
        guard policy == .automatic else {
            throw MigrationError.refused(dataVersion: history.versions[index].name, currentVersion: history.versions[last].name)
        }
        do {
            try await plan.run(fromVersionAt: index, on: SQLMigrator(database: SQLiteMigrationDatabase(connection: connection)))
        } catch let failure as StatementFailure {
            throw failure.storeError
        }
    }
}
