import ObjectGraph

/// The pieces of a migration's SQL that differ between SQLite and PostgreSQL.
extension SQLDialect {
    /// `sql` with its `?` placeholders (outside quoted names and literals) in this dialect's form.
    ///
    /// ```swift
    /// SQLDialect.postgreSQL.numberingPlaceholders("UPDATE \"t?\" SET \"a\" = ? WHERE \"_pk\" = ?")
    /// // UPDATE "t?" SET "a" = $1 WHERE "_pk" = $2
    /// ```
    package func numberingPlaceholders(_ sql: String) -> String {
        guard self == .postgreSQL, sql.contains("?") else { return sql }
        var result = ""
        var quote: Character?
        var number = 0
        for character in sql {
            switch (quote, character) {
            case (nil, "?"):
                number += 1
                result += placeholder(number)
                continue
            case (nil, "'"), (nil, "\""): quote = character
            case (let open?, _) where open == character: quote = nil
            default: break
            }
            result.append(character)
        }
        return result
    }

    /// `expression` as a value of a column of `type`: PostgreSQL infers no type for a bound value in a
    /// select list, so constants and computed values are cast; SQLite stores what it is given.
    package func cast(_ expression: String, to type: ColumnType) -> String {
        guard self == .postgreSQL else { return expression }
        let name = columnType(type).replacingOccurrences(of: " COLLATE \"C\"", with: "")
        return "CAST(\(expression) AS \(name))"
    }

    /// `INSERT INTO table (columns) select`, skipping rows that break a uniqueness constraint.
    package func insertIgnoringConflicts(into table: String, columns: [String], select: String) -> String {
        let list = columns.joined(separator: ", ")
        switch self {
        case .sqlite: return "INSERT OR IGNORE INTO \(quote(table)) (\(list)) \(select)"
        case .postgreSQL: return "INSERT INTO \(quote(table)) (\(list)) \(select) ON CONFLICT DO NOTHING"
        }
    }

    /// Removes the index (or, in PostgreSQL, the uniqueness constraint) `name` of `table` that
    /// ``StoreSchema/indexDefinitions(for:)`` creates, if it exists.
    package func dropIndex(_ name: String, table: String, isUniqueness: Bool) -> String {
        guard self == .postgreSQL, isUniqueness else { return "DROP INDEX IF EXISTS \(quote(name))" }
        return "ALTER TABLE \(quote(table)) DROP CONSTRAINT IF EXISTS \(quote(name))"
    }

    /// `(table, constraint)` rows of the foreign keys of the tables in the current schema (PostgreSQL;
    /// SQLite's tables have none).
    package var foreignKeyQuery: String? {
        guard self == .postgreSQL else { return nil }
        return "SELECT r.relname::text, c.conname::text FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid "
            + "WHERE c.contype = 'f' AND r.relnamespace = current_schema()::regnamespace ORDER BY 1, 2"
    }
}
