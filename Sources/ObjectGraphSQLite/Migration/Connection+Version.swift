import ObjectGraph
import ObjectGraphSQL

extension Connection {
    /// The model version hash and version name recorded in `_og_metadata`, or `nil` for a database
    /// without a schema.
    func storedVersion() throws -> (hash: String, name: String?)? {
        guard try text("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [StoreSchema.metadataTable]) != nil,
              let hash = try text("SELECT \"value\" FROM \(SQL.quote(StoreSchema.metadataTable)) WHERE \"key\" = 'versionHash'")
        else { return nil }
        let name = try text("SELECT \"value\" FROM \(SQL.quote(StoreSchema.metadataTable)) WHERE \"key\" = 'modelVersion'")
        return (hash, name)
    }

    /// Records the model version the data now has: its hash, its version name (when the model has a
    /// version history) and the model's name.
    func recordVersion(hash: String, name: String?, model: String) throws {
        let insert = try statement("INSERT OR REPLACE INTO \(SQL.quote(StoreSchema.metadataTable)) (\"key\", \"value\") VALUES (?, ?)")
        for (key, value) in [("versionHash", hash), ("modelVersion", name), ("modelName", model)] {
            guard let value else { continue }
            insert.bind(key, at: 1)
            insert.bind(value, at: 2)
            try insert.run()
        }
    }
}
