/// What a store does when it opens data written by an older version of the model's history; the same
/// setting for every store (`SQLiteStore.Configuration.migration`, `PostgresStore.Configuration.migration`).
///
/// ```swift
/// var configuration = SQLiteStore.Configuration()
/// configuration.migration = .refuse   // open only data of the current version
/// ```
public enum MigrationPolicy: Sendable, Hashable {
    /// Migrate it to the current version, in one transaction, when the store opens.
    case automatic
    /// Throw ``MigrationError/refused(dataVersion:currentVersion:)`` and leave it unchanged.
    case refuse
}
