import ObjectGraph

/// Where the SQL of SQLite and PostgreSQL differs. Everything that builds SQL (``SelectBuilder``,
/// ``PredicateTranslator``, ``RelatedQuery``, ``WriteSQL``, the schema's DDL) asks the dialect for
/// these pieces, so both stores share one translator.
///
/// ```swift
/// let (sql, _) = try SelectBuilder(schema: schema, dialect: .postgreSQL).fetch(request)
/// sql.text(for: .postgreSQL)   // SELECT t1."_pk", … WHERE t1."name" = $1 …
/// ```
package enum SQLDialect: Sendable {
    /// SQLite 3: `?` placeholders, storage classes, `og_fold` for folded comparisons.
    case sqlite
    /// PostgreSQL 15: `$n` placeholders, typed columns, `lower` for case-insensitive comparisons.
    case postgreSQL

    /// Whether entity tables carry a row version (``SQL/versionColumn``, 1 on insert) that the store
    /// checks and increments on every update, for conflict detection. SQLite files made before versions
    /// existed have no such column, so only PostgreSQL keeps them.
    package var keepsRowVersions: Bool { self == .postgreSQL }

    /// `alias."_pk", alias."_entity", alias."column", …` and, where rows carry versions, `alias."_version"`:
    /// the columns of a row of `table` that make a snapshot.
    package func rowSelectList(of table: TableLayout, alias: String) -> String {
        table.selectList(alias: alias, in: self) + (keepsRowVersions ? ", " + column(alias, SQL.versionColumn) : "")
    }

    /// How many columns ``rowSelectList(of:alias:)`` selects; the first column after them.
    package func rowSelectWidth(of table: TableLayout) -> Int {
        table.columns.count + (keepsRowVersions ? 3 : 2)
    }

    /// The placeholder of the `number`th argument (1-based).
    package func placeholder(_ number: Int) -> String {
        self == .sqlite ? "?" : "$\(number)"
    }

    /// A constant condition.
    package func literal(_ value: Bool) -> String {
        switch self {
        case .sqlite: value ? "1" : "0"
        case .postgreSQL: value ? "TRUE" : "FALSE"
        }
    }

    /// `NOT coalesce((condition), false)`: the negation that counts an unknown (NULL) condition as false.
    package func notTrue(_ condition: SQLText) -> SQLText {
        var sql = SQLText(self == .sqlite ? "NOT ifnull((" : "NOT coalesce((")
        sql.append(condition)
        sql.append("), \(literal(false)))")
        return sql
    }

    /// `a IS NOT b`: inequality that treats NULL as a value.
    package var distinctOperator: String {
        self == .sqlite ? "IS NOT" : "IS DISTINCT FROM"
    }

    /// ` ASC` or ` DESC`, with NULL first in ascending order as the runtime sorts (SQLite's default).
    package func sortDirection(ascending: Bool) -> String {
        switch self {
        case .sqlite: ascending ? " ASC" : " DESC"
        case .postgreSQL: ascending ? " ASC NULLS FIRST" : " DESC NULLS LAST"
        }
    }

    /// A decimal column's value rounded to a double, for comparisons with a double operand (the runtime
    /// compares a double with a decimal as doubles): SQLite's `og_decimal_real` rounds the canonical text
    /// as the runtime does; PostgreSQL casts `numeric` to `double precision`.
    package func decimalAsDouble(_ column: String) -> String {
        self == .sqlite ? "og_decimal_real(\(column))" : "(\(column))::double precision"
    }

    /// The `LIMIT` argument that means no limit (when only an offset is given).
    package var noLimit: AttributeValue {
        self == .sqlite ? .integer(-1) : .null
    }

    /// How string comparisons with case (and diacritic) folding are written.
    package enum Folding: Sendable {
        /// The column goes through `og_fold(column, bits)` and the value is folded before binding.
        case foldFunction
        /// Case only: ``lowerCased(_:)`` of column and value (patterns too); diacritic-insensitive
        /// comparisons are not native.
        case lowerCase
    }

    /// `expression` in lower case, by Unicode's rules (PostgreSQL's ICU root collation: the columns' own
    /// "C" collation lowers ASCII letters only).
    package func lowerCased(_ expression: String) -> String {
        "lower((\(expression)) COLLATE \"und-x-icu\")"
    }

    /// ``lowerCased(_:)`` of a fragment with arguments.
    package func lowerCased(_ expression: SQLText) -> SQLText {
        var sql = SQLText("lower((")
        sql.append(expression)
        sql.append(") COLLATE \"und-x-icu\")")
        return sql
    }

    /// The column expression and operand to compare a column of `type` with `operand` (the runtime's
    /// stored form, ``AttributeType/operand(_:)``): PostgreSQL compares booleans with numbers as integers
    /// and numbers with booleans as 0 and 1, where SQLite stores both as integers anyway.
    package func comparable(_ column: String, type: AttributeType, operand: AttributeValue) -> (String, AttributeValue) {
        guard self == .postgreSQL else { return (column, operand) }
        switch (type, operand) {
        case (.boolean, .integer), (.boolean, .double): return ("(\(column))::integer", operand)
        case (.integer16, .bool(let bool)), (.integer32, .bool(let bool)), (.integer64, .bool(let bool)),
             (.double, .bool(let bool)), (.float, .bool(let bool)):
            return (column, .integer(bool ? 1 : 0))
        default: return (column, operand)
        }
    }

    /// How this dialect folds strings for `[c]` and `[d]` comparisons.
    package var folding: Folding {
        self == .sqlite ? .foldFunction : .lowerCase
    }

    /// The type of key columns (`_pk`, foreign keys, link table ends).
    package var keyType: String { columnType(.position) }

    /// The SQL type of a column.
    package func columnType(_ type: ColumnType) -> String {
        switch self {
        case .sqlite:
            switch type {
            case .key, .position: return "INTEGER"
            case .attribute(let attribute):
                switch attribute {
                case .integer16, .integer32, .integer64, .boolean: return "INTEGER"
                case .double, .float, .date: return "REAL"
                case .string, .uri, .decimal: return "TEXT"
                case .binary, .uuid, .transformable, .composite, .undefined: return "BLOB"
                }
            }
        case .postgreSQL:
            switch type {
            case .key, .position: return "bigint"
            case .attribute(let attribute):
                switch attribute {
                case .integer16: return "smallint"
                case .integer32: return "integer"
                case .integer64: return "bigint"
                case .boolean: return "boolean"
                case .double: return "double precision"
                case .float: return "real"
                case .date: return "timestamptz"
                case .string, .uri: return "text COLLATE \"C\""
                case .decimal: return "numeric"
                case .uuid: return "uuid"
                case .binary, .transformable, .composite, .undefined: return "bytea"
                }
            }
        }
    }

    /// `column` is one of the integers of the list argument at `placeholder`: a JSON array text on SQLite
    /// (`IN (SELECT value FROM json_each(…))`), a `bigint[]` on PostgreSQL (`= ANY(…)`, read unseen by the
    /// planner, ``unseenKeyArray(_:)``).
    package func inIntegerList(_ column: String, placeholder: String) -> String {
        switch self {
        case .sqlite: "\(column) IN (SELECT value FROM json_each(\(placeholder)))"
        case .postgreSQL: "\(column) = ANY(\(unseenKeyArray(placeholder)))"
        }
    }

    /// `FROM`-clause rows `alias(value, key)` of the integers of the list argument at `placeholder` (as in
    /// ``inIntegerList(_:placeholder:)``), `key` being each one's 0-based position.
    package func integerListRows(placeholder: String, alias: String) -> String {
        switch self {
        case .sqlite: "json_each(\(placeholder)) \(alias)"
        case .postgreSQL:
            "(SELECT e.value, e.ordinality - 1 AS key FROM unnest(\(unseenKeyArray(placeholder))) WITH ORDINALITY e(value, ordinality)) \(alias)"
        }
    }

    /// The column of a link table that orders rows by insertion.
    package var linkInsertionOrder: String {
        self == .sqlite ? "rowid" : quote("_row")
    }

    /// `INSERT … ON CONFLICT DO NOTHING` (SQLite: `INSERT OR IGNORE`), the tail after `VALUES (…)` included.
    package func insertIgnoringConflicts(into table: String, columns: [String], values: String) -> String {
        let list = columns.map(quote).joined(separator: ", ")
        switch self {
        case .sqlite: return "INSERT OR IGNORE INTO \(quote(table)) (\(list)) VALUES \(values)"
        case .postgreSQL: return "INSERT INTO \(quote(table)) (\(list)) VALUES \(values) ON CONFLICT DO NOTHING"
        }
    }

    /// `INSERT` that replaces the row with the same `key` (SQLite: `INSERT OR REPLACE`).
    package func upsert(into table: String, key: String, columns: [String], values: String) -> String {
        let list = columns.map(quote).joined(separator: ", ")
        switch self {
        case .sqlite: return "INSERT OR REPLACE INTO \(quote(table)) (\(list)) VALUES \(values)"
        case .postgreSQL:
            let updates = columns.filter { $0 != key }.map { "\(quote($0)) = EXCLUDED.\(quote($0))" }
            return "INSERT INTO \(quote(table)) (\(list)) VALUES \(values) ON CONFLICT (\(quote(key))) DO UPDATE SET "
                + updates.joined(separator: ", ")
        }
    }
}
