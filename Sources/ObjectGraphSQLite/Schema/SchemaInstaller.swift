import ObjectGraph
import ObjectGraphSQL

/// Creates the schema in a new database, inside the caller's transaction.
extension Connection {
    func createSchema(_ schema: StoreSchema) throws {
        let model = schema.model
        for statement in schema.creationStatements(for: .sqlite) { try execute(statement) }
        try recordVersion(hash: model.versionHash, name: model.history?.currentVersionName, model: model.name)
        let sequence = try statement("INSERT OR IGNORE INTO \(SQL.quote(StoreSchema.sequenceTable)) (\"table\", \"last\") VALUES (?, 0)")
        for table in schema.tables {
            sequence.bind(table.name, at: 1)
            try sequence.run()
        }
    }
}
