import Foundation
import ObjectGraph
import ObjectGraphSQLite

/// The store an example runs against: a fresh SQLite file (the first argument, or `<name>.sqlite` in the
/// temporary folder), or memory when the arguments contain `--in-memory`.
public func exampleStore(for model: ManagedObjectModel, name: String) async throws -> any PersistentStore {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("--in-memory") {
        return InMemoryStore(model: model.schema)
    }
    let path = arguments.first ?? FileManager.default.temporaryDirectory.appendingPathComponent("\(name).sqlite").path
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
    print("store: \(path)")
    return try await SQLiteStore(at: .file(path), model: model.schema)
}
