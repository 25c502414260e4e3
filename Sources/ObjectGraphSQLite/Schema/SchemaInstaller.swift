import ObjectGraphSQL

/// Creates the schema in a new database, or checks that an existing one was made by the same model
/// version.
extension Connection {
    func install(_ schema: StoreSchema) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try installInTransaction(schema)
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func installInTransaction(_ schema: StoreSchema) throws {
        let model = schema.model
        let hasMetadata = try text("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?",
                                   [StoreSchema.metadataTable]) != nil
        if hasMetadata, let stored = try text(
            "SELECT \"value\" FROM \(SQL.quote(StoreSchema.metadataTable)) WHERE \"key\" = 'versionHash'") {
            guard stored == model.versionHash else {
                throw SQLiteStoreError.modelVersionMismatch(path: path, databaseVersion: stored, modelVersion: model.versionHash)
            }
            return
        }
        for statement in schema.creationStatements(for: .sqlite) { try execute(statement) }
        let metadata = SQL.quote(StoreSchema.metadataTable)
        let insert = try statement("INSERT OR REPLACE INTO \(metadata) (\"key\", \"value\") VALUES (?, ?)")
        for (key, value) in [("versionHash", model.versionHash), ("modelName", model.name)] {
            insert.bind(key, at: 1)
            insert.bind(value, at: 2)
            try insert.run()
        }
        let sequence = try statement("INSERT OR IGNORE INTO \(SQL.quote(StoreSchema.sequenceTable)) (\"table\", \"last\") VALUES (?, 0)")
        for table in schema.tables {
            sequence.bind(table.name, at: 1)
            try sequence.run()
        }
    }
}
