import ObjectGraph

/// The database a ``SQLMigrator`` migrates, inside the transaction its store opened: statements with
/// `?` placeholders (a store with numbered placeholders numbers them, ``SQLDialect/numberingPlaceholders(_:)``),
/// typed rows, and the store's own bookkeeping of keys and version.
///
/// Every method runs on the caller's executor (`nonisolated(nonsending)`), so a store whose connection
/// belongs to one thread keeps it there.
package protocol MigrationDatabase: AnyObject {
    /// The dialect of the SQL the migrator writes.
    var dialect: SQLDialect { get }

    /// Runs one statement.
    nonisolated(nonsending) func execute(_ sql: String, _ arguments: [AttributeValue]) async throws

    /// Runs one statement that may break a constraint: a violation is returned (and the transaction stays
    /// usable) instead of thrown.
    nonisolated(nonsending) func attempt(_ sql: String, _ arguments: [AttributeValue]) async throws -> ConstraintViolation?

    /// The rows of a query, column `i` read as a value of `types[i]` (`NULL` as ``AttributeValue/null``).
    nonisolated(nonsending) func rows(_ sql: String, _ arguments: [AttributeValue], types: [AttributeType]) async throws -> [[AttributeValue]]

    /// The largest key handed out so far to rows of any of `tables` (0 for none).
    nonisolated(nonsending) func lastKey(of tables: [String]) async throws -> Int64

    /// Makes `table`'s next key `last + 1`.
    nonisolated(nonsending) func setLastKey(_ last: Int64, of table: String) async throws

    /// Forgets the keys of every table except `tables`.
    nonisolated(nonsending) func removeKeys(except tables: [String]) async throws

    /// Records the model version the data now has.
    nonisolated(nonsending) func recordVersion(hash: String, name: String?, model: String) async throws
}

/// A constraint a statement broke.
package enum ConstraintViolation: Equatable, Sendable {
    /// A required column would be NULL.
    case notNull(column: String)
    /// Two rows would share the values of a uniqueness constraint.
    case unique
}
