#if PostgreSQL
import ObjectGraphSQL
import PostgresNIO

/// Renames the identifiers over 63 bytes that a database created before ``SQLDialect/generatedName(_:)``
/// holds under the name the server cut them to (its first 63 bytes) to their generated names: tables,
/// key sequences, columns, then indexes and uniqueness constraints; and creates the plain indexes the older
/// version skipped because their cut name was taken (a long link table's reverse index, `…_b`, cut to the
/// table's own name; every index of a table whose own name was cut). It runs on the installer's connection,
/// inside its transaction under the advisory lock, so of several stores opening the database one renames
/// and the others find the new names.
///
/// Every rename is read from the catalog (`pg_class`, `pg_attribute`, `pg_index`, `pg_constraint` of the
/// current schema): an object is renamed when the catalog holds it under the cut name, not under the
/// generated one, and the cut name is not itself a name of the schema; an index or constraint also has to
/// be on the expected table and columns. A cut name that several identifiers share (an older version
/// could not create the second) is ``PostgresStoreError/ambiguousIdentifier(_:candidates:)``.
struct ServerCutNameRenamer {
    let names: LongNames
    let connection: PostgresConnection

    /// Renames what the catalog holds under cut names; does nothing (and reads nothing) for a schema
    /// without identifiers over 63 bytes.
    func run() async throws {
        guard !names.isEmpty else { return }
        let relations = try await self.relations()
        try await rename(names.tables, among: relations, kind: "r", statement: "TABLE")
        try await rename(names.sequences, among: relations, kind: "S", statement: "SEQUENCE")
        try await renameColumns()
        try await renameIndexes()
    }

    /// The current schema's tables, sequences and indexes: their kinds (`relkind`) by name.
    private func relations() async throws -> [String: String] {
        var relations: [String: String] = [:]
        try await connection.run("SELECT relname::text, relkind::text FROM pg_class WHERE relnamespace = current_schema()::regnamespace") { row in
            relations[try row[0].decode(String.self)] = try row[1].decode(String.self)
        }
        return relations
    }

    private func rename(_ candidates: [LongNames.Name], among relations: [String: String], kind: String, statement: String) async throws {
        for name in candidates where relations[name.cut] == kind && relations[name.generated] == nil && !names.relations.contains(name.cut) {
            try requireSingle(name, among: candidates.filter { $0.cut == name.cut })
            try await connection.run("ALTER \(statement) \(SQL.quote(name.cut)) RENAME TO \(SQL.quote(name.generated))")
        }
    }

    private func renameColumns() async throws {
        var columns: [String: Set<String>] = [:]
        try await connection.run("""
            SELECT c.relname::text, a.attname::text FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            """) { row in columns[try row[0].decode(String.self), default: []].insert(try row[1].decode(String.self)) }
        for (table, name) in names.columns {
            guard let present = columns[table], present.contains(name.cut), !present.contains(name.generated),
                  names.columnsByTable[table]?.contains(name.cut) != true else { continue }
            try requireSingle(name, among: names.columns.filter { $0.table == table && $0.name.cut == name.cut }.map(\.name))
            try await connection.run("ALTER TABLE \(SQL.quote(table)) RENAME COLUMN \(SQL.quote(name.cut)) TO \(SQL.quote(name.generated))")
        }
    }

    /// Renames each index (or the constraint it backs, which renames the index too) whose cut name, table
    /// and columns match one of the schema's indexes, and creates the long-named plain indexes missing
    /// under both names.
    private func renameIndexes() async throws {
        var present: [String: (table: String, columns: [String], isConstraint: Bool)] = [:]
        try await connection.run("""
            SELECT i.relname::text, t.relname::text,
                   (SELECT string_agg(a.attname::text, E'\\x1f' ORDER BY k.n) FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum),
                   EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.conrelid = t.oid)
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            WHERE i.relnamespace = current_schema()::regnamespace
            """) { row in
            present[try row[0].decode(String.self)] = (try row[1].decode(String.self),
                                                       (try row[2].decode(String?.self) ?? "").split(separator: "\u{1f}").map(String.init),
                                                       try row[3].decode(Bool.self))
        }
        for (cut, index) in present where !names.relations.contains(cut) {
            let matching = names.indexes.filter { $0.name.cut == cut && $0.table == index.table && $0.columns == index.columns }
            guard let name = matching.first?.name, present[name.generated] == nil else { continue }
            try requireSingle(name, among: matching.map(\.name))
            let statement = index.isConstraint
                ? "ALTER TABLE \(SQL.quote(index.table)) RENAME CONSTRAINT \(SQL.quote(cut)) TO \(SQL.quote(name.generated))"
                : "ALTER INDEX \(SQL.quote(cut)) RENAME TO \(SQL.quote(name.generated))"
            try await connection.run(statement)
            present[name.generated] = index
        }
        for index in names.indexes where present[index.name.generated] == nil {
            if let statement = index.plainIndexStatement { try await connection.run(statement) }
        }
    }

    /// Throws unless `candidates` (the identifiers sharing `name`'s cut name) is `name` alone.
    private func requireSingle(_ name: LongNames.Name, among candidates: [LongNames.Name]) throws {
        let generated = Set(candidates.map(\.generated))
        guard generated.count > 1 else { return }
        throw PostgresStoreError.ambiguousIdentifier(name.cut, candidates: generated.sorted())
    }
}
#endif
