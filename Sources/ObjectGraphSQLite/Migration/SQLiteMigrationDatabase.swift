import ObjectGraph
import ObjectGraphSQL

/// The SQLite database a ``SQLMigrator`` migrates: the store's connection, in its open transaction, on
/// the store's thread. Keys are tracked in `_og_sequence`.
final class SQLiteMigrationDatabase: MigrationDatabase {
    let connection: Connection

    init(connection: Connection) {
        self.connection = connection
    }

    var dialect: SQLDialect { .sqlite }

    nonisolated(nonsending) func execute(_ sql: String, _ arguments: [AttributeValue]) async throws {
        guard !arguments.isEmpty else { return try connection.execute(sql) }
        let statement = try connection.statement(sql)
        statement.bind(arguments)
        try statement.run()
    }

    nonisolated(nonsending) func attempt(_ sql: String, _ arguments: [AttributeValue]) async throws -> ConstraintViolation? {
        do {
            try await execute(sql, arguments)
            return nil
        } catch let failure as StatementFailure {
            guard let violation = Self.violation(code: failure.extendedCode, message: failure.message) else { throw failure }
            return violation
        } catch SQLiteStoreError.sqlite(let code, let message, let sql) {
            guard let violation = Self.violation(code: code, message: message) else { throw SQLiteStoreError.sqlite(code: code, message: message, sql: sql) }
            return violation
        }
    }

    /// The violation SQLite reports as `code` (`SQLITE_CONSTRAINT_NOTNULL`, `…_UNIQUE`, `…_PRIMARYKEY`)
    /// and `message` (`NOT NULL constraint failed: table.column`).
    private static func violation(code: Int32, message: String) -> ConstraintViolation? {
        switch code {
        case 1299: .notNull(column: message.split(separator: ".").last.map(String.init) ?? "")
        case 2067, 1555, 19: .unique
        default: nil
        }
    }

    nonisolated(nonsending) func rows(_ sql: String, _ arguments: [AttributeValue], types: [AttributeType]) async throws -> [[AttributeValue]] {
        let statement = try connection.statement(sql)
        defer { statement.reset() }
        statement.bind(arguments)
        var rows: [[AttributeValue]] = []
        while try statement.step() {
            rows.append(types.enumerated().map { column, type in
                RowReader.value(statement, ColumnRead(index: Int32(column), type: type, isNullable: true)) ?? .null
            })
        }
        return rows
    }

    nonisolated(nonsending) func lastKey(of tables: [String]) async throws -> Int64 {
        let list = tables.map(SQL.text).joined(separator: ", ")
        let rows = try await self.rows("SELECT COALESCE(MAX(\"last\"), 0) FROM \(SQL.quote(StoreSchema.sequenceTable)) WHERE \"table\" IN (\(list))",
                                       [], types: [.integer64])
        guard case .integer(let last)? = rows.first?[0] else { return 0 }
        return last
    }

    nonisolated(nonsending) func setLastKey(_ last: Int64, of table: String) async throws {
        try await execute(dialect.upsert(into: StoreSchema.sequenceTable, key: "table", columns: ["table", "last"], values: "(?, ?)"),
                          [.string(table), .integer(last)])
    }

    nonisolated(nonsending) func removeKeys(except tables: [String]) async throws {
        let kept = tables.map(SQL.text).joined(separator: ", ")
        try connection.execute("DELETE FROM \(SQL.quote(StoreSchema.sequenceTable)) WHERE \"table\" NOT IN (\(kept.isEmpty ? "''" : kept))")
    }

    nonisolated(nonsending) func recordVersion(hash: String, name: String?, model: String) async throws {
        try connection.recordVersion(hash: hash, name: name, model: model)
    }
}
