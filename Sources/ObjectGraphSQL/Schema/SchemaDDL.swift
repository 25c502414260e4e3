/// The SQL that creates a ``StoreSchema`` (idempotent: every statement uses `IF NOT EXISTS`).
/// An index or uniqueness constraint as ``StoreSchema/indexDefinitions(for:)`` creates it.
package typealias IndexDefinition = (name: String, formerName: String?, table: String, columns: [String], statement: String)

extension StoreSchema {
    /// The table of `key`/`value` rows holding the model's version hash and name.
    package static let metadataTable = "_og_metadata"
    /// SQLite: the table of the last key handed out per entity table.
    package static let sequenceTable = "_og_sequence"

    /// PostgreSQL: the sequence the keys of `table` come from.
    package static func keySequence(of table: String) -> String { SQLDialect.postgreSQL.generatedName(keySequenceName(of: table)) }

    /// The name of `table`'s key sequence before ``SQLDialect/generatedName(_:)``.
    package static func keySequenceName(of table: String) -> String { "_og_seq_" + table }

    /// Every CREATE statement in `dialect`, tables first. PostgreSQL tables also get foreign keys, checked
    /// at commit (so a save writes its rows in any order); a deleted destination leaves NULL behind, as a
    /// dangling key reads as nil.
    package func creationStatements(for dialect: SQLDialect) -> [String] {
        var statements = [
            "CREATE TABLE IF NOT EXISTS \(dialect.quote(Self.metadataTable)) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)"
        ]
        switch dialect {
        case .sqlite:
            statements.append(
                "CREATE TABLE IF NOT EXISTS \(dialect.quote(Self.sequenceTable)) (\"table\" TEXT PRIMARY KEY, \"last\" INTEGER NOT NULL)")
        case .postgreSQL:
            statements += tables.map { "CREATE SEQUENCE IF NOT EXISTS \(dialect.quote(Self.keySequence(of: $0.name)))" }
        }
        statements += tables.map { tableStatement($0, for: dialect) }
        for link in links { statements.append(linkTableStatement(link, for: dialect)) }
        statements += indexDefinitions(for: dialect).map(\.statement)
        if dialect == .postgreSQL { statements += foreignKeyStatements }
        return statements
    }

    /// `CREATE TABLE` for an entity table in `dialect`, under `name` when given; the columns in `nullable`
    /// lose their NOT NULL (a migration creates them so and fills them later).
    package func tableStatement(_ table: TableLayout, for dialect: SQLDialect, named name: String? = nil,
                                nullable: Set<String> = []) -> String {
        var columns = ["\(dialect.quote(SQL.primaryKey)) \(dialect.keyType) PRIMARY KEY", "\(dialect.quote(SQL.entityColumn)) INTEGER NOT NULL"]
            + table.columns.map { column in
                "\(dialect.quote(column.name)) \(dialect.columnType(column.type))\(column.isRequired && !nullable.contains(column.name) ? " NOT NULL" : "")"
            }
        if dialect.keepsRowVersions { columns.append("\(dialect.quote(SQL.versionColumn)) \(dialect.keyType) NOT NULL DEFAULT 1") }
        return "CREATE TABLE IF NOT EXISTS \(dialect.quote(name ?? table.name)) (\(columns.joined(separator: ", ")))"
    }

    /// `CREATE TABLE` for a link table in `dialect`.
    package func linkTableStatement(_ link: LinkTable, for dialect: SQLDialect) -> String {
        let key = dialect.keyType
        var columns = "\"a\" \(key) NOT NULL, \"b\" \(key) NOT NULL, \"a_pos\" \(key), \"b_pos\" \(key)"
        if dialect == .postgreSQL { columns += ", \(dialect.linkInsertionOrder) bigserial" }
        return "CREATE TABLE IF NOT EXISTS \(dialect.quote(link.name)) (\(columns), UNIQUE (\"a\", \"b\"))"
    }

    /// Every index's name (``SQLDialect/generatedName(_:)``), the name PostgreSQL gave it before that rule
    /// when it is longer than 63 bytes (``SQLDialect/serverCutName(_:)``), table and statement in
    /// `dialect`: link tables' reverse indexes, plain indexes, then uniqueness (UNIQUE indexes in SQLite;
    /// deferred constraints in PostgreSQL).
    package func indexDefinitions(for dialect: SQLDialect = .sqlite) -> [IndexDefinition] {
        var definitions: [IndexDefinition] = []
        for link in links {
            let name = dialect.generatedName(link.name + "_b")
            definitions.append((name, dialect.serverCutName(link.name + "_b"), link.name, ["b"],
                                "CREATE INDEX IF NOT EXISTS \(dialect.quote(name)) ON \(dialect.quote(link.name)) (\"b\")"))
        }
        for index in indexes {
            let name = dialect.generatedName(index.name)
            let columns = index.columns.map { dialect.quote($0.name) + ($0.ascending ? "" : " DESC") }.joined(separator: ", ")
            definitions.append((name, dialect.serverCutName(index.name), index.table, index.columns.map(\.name),
                                "CREATE INDEX IF NOT EXISTS \(dialect.quote(name)) ON \(dialect.quote(index.table)) (\(columns))"))
        }
        for index in uniqueIndexes {
            let name = dialect.generatedName(index.name)
            let columns = index.columns.map(dialect.quote).joined(separator: ", ")
            let partial = index.partialCodes.map { codes in
                " WHERE \(dialect.quote(SQL.entityColumn)) IN (\(codes.map(String.init).joined(separator: ", ")))"
            } ?? ""
            let statement: String
            switch dialect {
            case .sqlite:
                statement = "CREATE UNIQUE INDEX IF NOT EXISTS \(dialect.quote(name)) ON \(dialect.quote(index.table)) (\(columns))\(partial)"
            case .postgreSQL:
                // Checked at commit, so values can move between objects within a save; a constraint of a
                // subentity is an exclusion constraint, the form that can be both partial and deferred.
                let constraint = index.partialCodes == nil
                    ? "UNIQUE (\(columns))"
                    : "EXCLUDE USING btree (\(index.columns.map { "\(dialect.quote($0)) WITH =" }.joined(separator: ", ")))"
                        + partial.replacingOccurrences(of: " WHERE ", with: " WHERE (") + ")"
                statement = "ALTER TABLE \(dialect.quote(index.table)) ADD CONSTRAINT \(dialect.quote(name)) \(constraint) "
                    + "DEFERRABLE INITIALLY DEFERRED"
            }
            definitions.append((name, dialect.serverCutName(index.name), index.table, index.columns, statement))
        }
        return definitions
    }

    /// `ALTER TABLE … ADD FOREIGN KEY` for every to-one column and link table end (PostgreSQL).
    package var foreignKeyStatements: [String] {
        let dialect = SQLDialect.postgreSQL
        var statements: [String] = []
        func reference(_ table: String, _ column: String, _ destination: String, onDelete: String) {
            statements.append("ALTER TABLE \(dialect.quote(table)) ADD FOREIGN KEY (\(dialect.quote(column))) REFERENCES "
                + "\(dialect.quote(destination)) (\(dialect.quote(SQL.primaryKey))) ON DELETE \(onDelete) DEFERRABLE INITIALLY DEFERRED")
        }
        for table in tables {
            for column in table.columns {
                if case .key(let destination) = column.type { reference(table.name, column.name, destination, onDelete: "SET NULL") }
            }
        }
        for link in links {
            reference(link.name, "a", link.aTable, onDelete: "CASCADE")
            reference(link.name, "b", link.bTable, onDelete: "CASCADE")
        }
        return statements
    }
}
