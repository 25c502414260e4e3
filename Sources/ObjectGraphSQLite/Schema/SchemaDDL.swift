/// The SQL that creates a ``StoreSchema`` (idempotent: every statement uses `IF NOT EXISTS`).
extension StoreSchema {
    static let metadataTable = "_og_metadata"
    static let sequenceTable = "_og_sequence"

    /// Every CREATE statement, tables first.
    var creationStatements: [String] {
        var statements = [
            "CREATE TABLE IF NOT EXISTS \(SQL.quote(Self.metadataTable)) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS \(SQL.quote(Self.sequenceTable)) (\"table\" TEXT PRIMARY KEY, \"last\" INTEGER NOT NULL)",
        ]
        for table in tables {
            let columns = ["\(SQL.quote(SQL.primaryKey)) INTEGER PRIMARY KEY", "\(SQL.quote(SQL.entityColumn)) INTEGER NOT NULL"]
                + table.columns.map { "\(SQL.quote($0.name)) \($0.type.rawValue)\($0.isRequired ? " NOT NULL" : "")" }
            statements.append("CREATE TABLE IF NOT EXISTS \(SQL.quote(table.name)) (\(columns.joined(separator: ", ")))")
        }
        for link in links {
            statements.append("CREATE TABLE IF NOT EXISTS \(SQL.quote(link.name)) (\"a\" INTEGER NOT NULL, \"b\" INTEGER NOT NULL, "
                + "\"a_pos\" INTEGER, \"b_pos\" INTEGER, UNIQUE (\"a\", \"b\"))")
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
        return statements
    }
}
