import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite

/// The translation data set (``TranslationData``) in an in-memory store and a SQLite store.
enum TestData {
    /// An in-memory store and a SQLite store holding the same data (same IDs: both count keys per root
    /// entity in insertion order).
    static func storePair(sqlite location: SQLiteStore.Location = .inMemory) async throws -> (InMemoryStore, SQLiteStore) {
        let memory = InMemoryStore(model: MusicModel.model.schema)
        let sqlite = try await SQLiteStore(at: location, model: MusicModel.model.schema)
        for store in [memory, sqlite] as [any PersistentStore] {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            TranslationData.insert(into: context)
            try await context.save()
        }
        return (memory, sqlite)
    }
}
