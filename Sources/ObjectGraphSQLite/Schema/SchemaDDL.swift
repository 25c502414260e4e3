/// The SQL that creates a ``StoreSchema`` (idempotent: every statement uses `IF NOT EXISTS`).
extension StoreSchema {
    static let metadataTable = "_og_metadata"
    static let sequenceTable = "_og_sequence"

    /// Every CREATE statement, tables first.
    var creationStatements: [String] {
        [
            "CREATE TABLE IF NOT EXISTS \(SQL.quote(Self.metadataTable)) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS \(SQL.quote(Self.sequenceTable)) (\"table\" TEXT PRIMARY KEY, \"last\" INTEGER NOT NULL)",
        ] + tables.map { tableStatement($0) } + links.map(linkTableStatement) + indexStatements
    }

    /// `CREATE TABLE` for an entity table; the columns in `nullable` lose their NOT NULL (a migration
    /// fills them later), and the table is created under `name` when given.
    func tableStatement(_ table: TableLayout, named name: String? = nil, nullable: Set<String> = []) -> String {
        let columns = ["\(SQL.quote(SQL.primaryKey)) INTEGER PRIMARY KEY", "\(SQL.quote(SQL.entityColumn)) INTEGER NOT NULL"]
            + table.columns.map { "\(SQL.quote($0.name)) \($0.type.rawValue)\($0.isRequired && !nullable.contains($0.name) ? " NOT NULL" : "")" }
        return "CREATE TABLE IF NOT EXISTS \(SQL.quote(name ?? table.name)) (\(columns.joined(separator: ", ")))"
    }

    /// `CREATE TABLE` for a link table.
    func linkTableStatement(_ link: LinkTable) -> String {
        "CREATE TABLE IF NOT EXISTS \(SQL.quote(link.name)) (\"a\" INTEGER NOT NULL, \"b\" INTEGER NOT NULL, "
            + "\"a_pos\" INTEGER, \"b_pos\" INTEGER, UNIQUE (\"a\", \"b\"))"
    }

    /// Every index: link tables' reverse indexes, plain indexes, then UNIQUE indexes.
    var indexStatements: [String] {
        indexDefinitions.map(\.statement)
    }

    /// Every index's name, table and CREATE statement, in ``indexStatements`` order.
    var indexDefinitions: [(name: String, table: String, statement: String)] {
        var definitions: [(name: String, table: String, statement: String)] = []
        for link in links {
            definitions.append((link.name + "_b", link.name,
                                "CREATE INDEX IF NOT EXISTS \(SQL.quote(link.name + "_b")) ON \(SQL.quote(link.name)) (\"b\")"))
        }
        for index in indexes {
            definitions.append((index.name, index.table,
                                "CREATE INDEX IF NOT EXISTS \(SQL.quote(index.name)) ON \(SQL.quote(index.table)) (\(index.columns))"))
        }
        for index in uniqueIndexes {
            definitions.append((index.name, index.table, "CREATE UNIQUE INDEX IF NOT EXISTS \(SQL.quote(index.name)) "
                + "ON \(SQL.quote(index.table)) (\(index.columns.map(SQL.quote).joined(separator: ", ")))\(index.partialCondition)"))
        }
        return definitions
    }
}

extension UniqueIndex {
    /// ` WHERE "_entity" IN (1, 4)` for a constraint that covers part of its table, else empty.
    var partialCondition: String {
        partialCodes.map { " WHERE \(SQL.quote(SQL.entityColumn)) IN (\($0.map(String.init).joined(separator: ", ")))" } ?? ""
    }
}
