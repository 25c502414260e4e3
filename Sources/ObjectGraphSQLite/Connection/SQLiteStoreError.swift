/// Errors of the SQLite store itself. Constraint violations found while saving are reported as
/// ``ObjectGraph/ObjectGraphError`` values (uniqueness violations, missing required values), like
/// every other store does.
///
/// ```swift
/// do { _ = try await SQLiteStore(at: .file("Music.sqlite"), model: model) }
/// catch SQLiteStoreError.modelVersionMismatch(let path, let stored, let expected) { print(stored, expected, path) }
/// ```
public enum SQLiteStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database file could not be opened or created.
    case cannotOpen(path: String, message: String)
    /// The database was created by a model version that the model's version history does not list.
    case modelVersionMismatch(path: String, databaseVersion: String, modelVersion: String)
    /// SQLite reported an error.
    case sqlite(code: Int32, message: String, sql: String)
    /// The store was used after it failed to open.
    case notOpen
    /// A value of ``SQLiteStore/Configuration`` is out of range; the text names it.
    case invalidConfiguration(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let message):
            "Cannot open the SQLite database at \(path): \(message)"
        case .modelVersionMismatch(let path, let databaseVersion, let modelVersion):
            "The SQLite database at \(path) was created by model version \(databaseVersion), "
                + "but the store was opened with model version \(modelVersion)."
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code): \(message) (in \(sql))"
        case .notOpen:
            "The SQLite store is not open."
        case .invalidConfiguration(let problem):
            "Invalid SQLite store configuration: \(problem)."
        }
    }
}
