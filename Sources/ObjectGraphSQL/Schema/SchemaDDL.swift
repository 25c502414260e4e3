/// The SQL that creates a ``StoreSchema`` (idempotent: every statement uses `IF NOT EXISTS`).
extension StoreSchema {
    /// The table of `key`/`value` rows holding the model's version hash and name.
    package static let metadataTable = "_og_metadata"
    /// SQLite: the table of the last key handed out per entity table.
    package static let sequenceTable = "_og_sequence"

    /// PostgreSQL: the sequence the keys of `table` come from.
    package static func keySequence(of table: String) -> String { "_og_seq_" + table }

    /// Every CREATE statement in `dialect`, tables first. PostgreSQL tables also get foreign keys, checked
    /// at commit (so a save writes its rows in any order); a deleted destination leaves NULL behind, as a
    /// dangling key reads as nil.
    package func creationStatements(for dialect: SQLDialect) -> [String] {
        let key = dialect.keyType
        var statements = [
            "CREATE TABLE IF NOT EXISTS \(SQL.quote(Self.metadataTable)) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)"
        ]
        switch dialect {
        case .sqlite:
            statements.append(
                "CREATE TABLE IF NOT EXISTS \(SQL.quote(Self.sequenceTable)) (\"table\" TEXT PRIMARY KEY, \"last\" INTEGER NOT NULL)")
        case .postgreSQL:
            statements += tables.map { "CREATE SEQUENCE IF NOT EXISTS \(SQL.quote(Self.keySequence(of: $0.name)))" }
        }
        for table in tables {
            let columns = ["\(SQL.quote(SQL.primaryKey)) \(key) PRIMARY KEY", "\(SQL.quote(SQL.entityColumn)) INTEGER NOT NULL"]
                + table.columns.map { "\(SQL.quote($0.name)) \(dialect.columnType($0.type))\($0.isRequired ? " NOT NULL" : "")" }
            statements.append("CREATE TABLE IF NOT EXISTS \(SQL.quote(table.name)) (\(columns.joined(separator: ", ")))")
        }
        for link in links {
            var columns = "\"a\" \(key) NOT NULL, \"b\" \(key) NOT NULL, \"a_pos\" \(key), \"b_pos\" \(key)"
            if dialect == .postgreSQL { columns += ", \(dialect.linkInsertionOrder) bigserial" }
            statements.append("CREATE TABLE IF NOT EXISTS \(SQL.quote(link.name)) (\(columns), UNIQUE (\"a\", \"b\"))")
            statements.append("CREATE INDEX IF NOT EXISTS \(SQL.quote(link.name + "_b")) ON \(SQL.quote(link.name)) (\"b\")")
        }
        for index in indexes {
            statements.append("CREATE INDEX IF NOT EXISTS \(SQL.quote(index.name)) ON \(SQL.quote(index.table)) (\(index.columns))")
        }
        for index in uniqueIndexes {
            let columns = index.columns.map(SQL.quote).joined(separator: ", ")
            let partial = index.partialCodes.map { codes in
                " WHERE \(SQL.quote(SQL.entityColumn)) IN (\(codes.map(String.init).joined(separator: ", ")))"
            } ?? ""
            statements.append("CREATE UNIQUE INDEX IF NOT EXISTS \(SQL.quote(index.name)) ON \(SQL.quote(index.table)) (\(columns))\(partial)")
        }
        if dialect == .postgreSQL { statements += foreignKeys }
        return statements
    }

    /// `ALTER TABLE … ADD FOREIGN KEY` for every to-one column and link table end (PostgreSQL).
    private var foreignKeys: [String] {
        var statements: [String] = []
        func reference(_ table: String, _ column: String, _ destination: String, onDelete: String) {
            statements.append("ALTER TABLE \(SQL.quote(table)) ADD FOREIGN KEY (\(SQL.quote(column))) REFERENCES "
                + "\(SQL.quote(destination)) (\(SQL.quote(SQL.primaryKey))) ON DELETE \(onDelete) DEFERRABLE INITIALLY DEFERRED")
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
