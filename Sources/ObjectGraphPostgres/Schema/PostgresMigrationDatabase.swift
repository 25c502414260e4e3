#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// The PostgreSQL database a ``SQLMigrator`` migrates: the installer's connection, in its transaction
/// under the advisory lock. Keys come from one sequence per table (``StoreSchema/keySequence(of:)``);
/// server errors are ``PostgresStoreError``s.
final class PostgresMigrationDatabase: MigrationDatabase {
    let connection: PostgresConnection
    let configuration: PostgresStore.Configuration

    init(connection: PostgresConnection, configuration: PostgresStore.Configuration) {
        self.connection = connection
        self.configuration = configuration
    }

    var dialect: SQLDialect { .postgreSQL }

    nonisolated(nonsending) func execute(_ sql: String, _ arguments: [AttributeValue]) async throws {
        _ = try await query(sql, arguments)
    }

    /// Runs the statement inside a savepoint, so that a violation leaves the transaction usable.
    nonisolated(nonsending) func attempt(_ sql: String, _ arguments: [AttributeValue]) async throws -> ConstraintViolation? {
        try await execute("SAVEPOINT og_attempt", [])
        do {
            _ = try await connection.guardedQuery(try PostgresQuery(dialect.numberingPlaceholders(sql), arguments))
            try await execute("RELEASE SAVEPOINT og_attempt", [])
            return nil
        } catch let error as PSQLError {
            let violation: ConstraintViolation? = switch error.sqlState {
            case SQLState.notNullViolation: .notNull(column: error.serverInfo?[.columnName] ?? "")
            case SQLState.uniqueViolation, SQLState.exclusionViolation: .unique
            default: nil
            }
            guard let violation else { throw error.storeError(configuration, sql: sql) }
            try await execute("ROLLBACK TO SAVEPOINT og_attempt", [])
            return violation
        }
    }

    nonisolated(nonsending) func rows(_ sql: String, _ arguments: [AttributeValue], types: [AttributeType]) async throws -> [[AttributeValue]] {
        try await query(sql, arguments).map { row in
            types.enumerated().map { column, type in PostgresColumnReader.value(row[column], type: type) ?? .null }
        }
    }

    nonisolated(nonsending) func lastKey(of tables: [String]) async throws -> Int64 {
        var last: Int64 = 0
        for table in tables {
            let sequence = SQL.quote(StoreSchema.keySequence(of: table))
            guard try await exists(sequence) else { continue }
            for row in try await query("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM \(sequence)", []) {
                last = max(last, try row[0].decode(Int64.self))
            }
        }
        return last
    }

    nonisolated(nonsending) func setLastKey(_ last: Int64, of table: String) async throws {
        let sequence = SQL.quote(StoreSchema.keySequence(of: table))
        try await execute("CREATE SEQUENCE IF NOT EXISTS \(sequence)", [])
        try await execute("SELECT setval($1::regclass, $2, $3)", [.string(sequence), .integer(max(last, 1)), .bool(last > 0)])
    }

    nonisolated(nonsending) func removeKeys(except tables: [String]) async throws {
        let kept = Set(tables.map(StoreSchema.keySequence(of:)))
        let names = try await query("SELECT sequencename::text FROM pg_sequences WHERE schemaname = current_schema() AND starts_with(sequencename, $1)",
                                    [.string(StoreSchema.keySequence(of: ""))]).map { try $0[0].decode(String.self) }
        for name in names where !kept.contains(name) { try await execute("DROP SEQUENCE \(SQL.quote(name))", []) }
    }

    nonisolated(nonsending) func recordVersion(hash: String, name: String?, model: String) async throws {
        let upsert = dialect.upsert(into: StoreSchema.metadataTable, key: "key", columns: ["key", "value"], values: "(?, ?)")
        for (key, value) in [("versionHash", hash), ("modelVersion", name), ("modelName", model)] {
            guard let value else { continue }
            try await execute(upsert, [.string(key), .string(value)])
        }
    }

    /// Whether the relation `name` (quoted) exists.
    private nonisolated(nonsending) func exists(_ name: String) async throws -> Bool {
        try await query("SELECT to_regclass($1) IS NOT NULL", [.string(name)]).first?[0].decode(Bool.self) ?? false
    }

    /// The rows of `sql` (with `?` placeholders), its errors as ``PostgresStoreError``s.
    private nonisolated(nonsending) func query(_ sql: String, _ arguments: [AttributeValue]) async throws -> [PostgresRandomAccessRow] {
        do {
            return try await connection.guardedQuery(try PostgresQuery(dialect.numberingPlaceholders(sql), arguments)).map { $0.makeRandomAccess() }
        } catch let error as PSQLError {
            throw error.storeError(configuration, sql: sql)
        }
    }
}
#endif
