import ObjectGraph

/// Runs the stages of a ``MigrationPlan`` on a SQL database (SQLite or PostgreSQL), inside the
/// transaction the store opened: `ALTER TABLE` when a stage has no custom steps and every table can
/// change in place (``InPlaceAlteration``), otherwise a rebuild of every table (the older tables are
/// renamed `_og_old_…`, the newer ones created and filled with `INSERT … SELECT`, custom steps run, then
/// the older tables are dropped). Indexes, uniqueness constraints and (PostgreSQL) foreign keys are
/// created once the data is in place; a uniqueness constraint that existing rows break fails naming the
/// values.
///
/// ```swift
/// try await plan.run(fromVersionAt: index, on: SQLMigrator(database: database))
/// ```
package final class SQLMigrator<Database: MigrationDatabase>: MigrationExecutor {
    /// A required column created without NOT NULL because a custom step may fill it.
    struct LooseColumn {
        let column: String
        let entity: EntityLayout
        let attribute: String
    }

    let database: Database
    var dialect: SQLDialect { database.dialect }
    private var current: PlannedMigrationStage?
    private(set) var mapping: MigrationMapping?
    /// Whether the running stage rebuilt its tables (the older ones are under `_og_old_…`).
    private var rebuilt = false
    /// The statements of the older version's indexes the running stage keeps.
    private var keptIndexes: Set<String> = []
    /// Loose columns per table.
    private var looseColumns: [String: [LooseColumn]] = [:]
    /// Keys handed out to objects inserted by custom steps, per table.
    var nextKeys: [String: Int64] = [:]

    /// A migrator writing to `database`.
    package init(database: Database) {
        self.database = database
    }

    /// The stage running.
    package var stage: PlannedMigrationStage {
        guard let current else { preconditionFailure("no migration stage is running") }
        return current
    }

    var stageName: String { stage.stage.description }

    /// Shapes the newer version's tables and copies the data: in place, or by a rebuild.
    package nonisolated(nonsending) func begin(_ stage: PlannedMigrationStage) async throws {
        current = stage
        nextKeys = [:]
        looseColumns = [:]
        let mapping = try MigrationMapping(stage: stage, dialect: dialect)
        self.mapping = mapping
        try await dropForeignKeys(of: mapping.old)
        if stage.customSteps.isEmpty, let alterations = InPlaceAlteration.plan(mapping) {
            rebuilt = false
            for copy in mapping.copies.values.joined() { try await checkRequiredValues(of: copy, in: copy.oldLayout.table) }
            try await dropIndexes(of: mapping.old, keeping: Set(mapping.new.indexDefinitions(for: dialect).map(\.statement)))
            for alteration in alterations {
                for (sql, arguments) in alteration.statements(for: dialect) { try await database.execute(sql, arguments) }
            }
            return
        }
        rebuilt = true
        try await dropIndexes(of: mapping.old, keeping: [])
        for table in mapping.old.tables.map(\.name) + mapping.old.links.map(\.name) {
            try await database.execute("ALTER TABLE \(dialect.quote(table)) RENAME TO \(dialect.quote(MigrationMapping.oldName(table)))", [])
        }
        for table in mapping.new.tables { try await copy(into: table, mapping: mapping, allowNulls: !stage.customSteps.isEmpty) }
        for link in mapping.links {
            try await database.execute(mapping.new.linkTableStatement(link.link, for: dialect), [])
            if let sql = link.sql { try await database.execute(sql, []) }
        }
    }

    /// Checks what custom steps had to fill, drops the older tables, creates indexes and constraints,
    /// carries the keys over and records the newer version.
    package nonisolated(nonsending) func finish(_ stage: PlannedMigrationStage) async throws {
        guard let mapping else { return }
        for (table, columns) in looseColumns where !columns.isEmpty {
            try await tighten(try mapping.new.table(named: table), columns: columns, schema: mapping.new)
        }
        if rebuilt {
            for table in mapping.old.tables.map(\.name) + mapping.old.links.map(\.name) {
                try await database.execute("DROP TABLE \(dialect.quote(MigrationMapping.oldName(table)))", [])
            }
        }
        try await createIndexes(of: mapping)
        if dialect == .postgreSQL { try await createForeignKeys(of: mapping.new) }
        try await updateKeys(mapping)
        try await database.recordVersion(hash: stage.destination.versionHash, name: stage.stage.destination, model: stage.destination.name)
        self.mapping = nil
    }

    // MARK: Rebuild

    /// Creates `table` and fills it from the older tables, entity by entity.
    private nonisolated(nonsending) func copy(into table: TableLayout, mapping: MigrationMapping, allowNulls: Bool) async throws {
        let copies = mapping.copies[table.name] ?? []
        var loose: [LooseColumn] = []
        if allowNulls {
            for copy in copies { loose += copy.mayBeNull.map { LooseColumn(column: $0.column, entity: copy.newLayout, attribute: $0.attribute) } }
        }
        try await database.execute(mapping.new.tableStatement(table, for: dialect, nullable: Set(loose.map(\.column))), [])
        looseColumns[table.name] = loose
        try await checkKeysDoNotCollide(copies, table: table.name)
        if !allowNulls {
            for copy in copies { try await checkRequiredValues(of: copy, in: MigrationMapping.oldName(copy.oldLayout.table)) }
        }
        let types = Dictionary(table.columns.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        for copy in copies {
            for check in copy.cardinalityChecks { try await checkCardinality(check, copy: copy) }
            var names = [SQL.primaryKey, SQL.entityColumn]
            var values = ["o.\(dialect.quote(SQL.primaryKey))", String(copy.newLayout.code)]
            if dialect.keepsRowVersions {
                names.append(SQL.versionColumn)
                values.append(dialect.column("o", SQL.versionColumn))
            }
            names += copy.columns.map(\.name)
            var parameters: [AttributeValue] = []
            for (name, source) in copy.columns {
                let (text, bound) = source.sql(in: dialect)
                if case .column = source { values.append(text) } else if let type = types[name] {
                    values.append(dialect.cast(text, to: type))
                } else {
                    values.append(text)
                }
                parameters += bound
            }
            let sql = "INSERT INTO \(dialect.quote(table.name)) (\(names.map(dialect.quote).joined(separator: ", "))) "
                + "SELECT \(values.joined(separator: ", ")) FROM \(dialect.quote(MigrationMapping.oldName(copy.oldLayout.table))) o "
                + "WHERE o.\(dialect.quote(SQL.entityColumn)) = \(copy.oldLayout.code)"
            switch try await database.attempt(sql, parameters) {
            case nil: break
            case .notNull(let column)?: throw try await missingValueError(copy: copy, column: column)
            case .unique?:
                throw MigrationError.stepFailed(stage: stageName, step: "copy \(copy.oldLayout.entity.name) into \(table.name)",
                                                object: nil, values: [], reason: "two rows would share a key")
            }
            for conversion in copy.textConversions {
                try await TextConversion(table: table.name, column: conversion.column, oldTable: MigrationMapping.oldName(copy.oldLayout.table),
                                         oldColumn: conversion.oldColumn, code: copy.oldLayout.code, from: conversion.from).run(on: database)
            }
        }
    }

    /// After custom steps: checks that required columns created without NOT NULL hold values, then
    /// makes them NOT NULL (PostgreSQL: `SET NOT NULL`; SQLite: a rebuild of the table).
    private nonisolated(nonsending) func tighten(_ table: TableLayout, columns: [LooseColumn], schema: StoreSchema) async throws {
        for loose in columns {
            let rows = try await database.rows(
                "SELECT \(dialect.quote(SQL.primaryKey)) FROM \(dialect.quote(table.name)) "
                    + "WHERE \(dialect.quote(loose.column)) IS NULL AND \(dialect.quote(SQL.entityColumn)) = \(loose.entity.code) LIMIT 1",
                [], types: [.integer64])
            if let key = rows.first?[0] {
                throw MigrationError.stepFailed(
                    stage: stageName, step: step(about: loose.attribute, of: loose.entity.entity.name)?.description
                        ?? "migrate attribute \(loose.entity.entity.name).\(loose.attribute)",
                    object: rowID(table.name, key), values: [],
                    reason: "required attribute \(loose.entity.entity.name).\(loose.attribute) has no value after the custom steps")
            }
        }
        switch dialect {
        case .postgreSQL:
            let required = Set(table.columns.filter(\.isRequired).map(\.name))
            for column in Set(columns.map(\.column)).intersection(required).sorted() {
                try await database.execute("ALTER TABLE \(dialect.quote(table.name)) ALTER COLUMN \(dialect.quote(column)) SET NOT NULL", [])
            }
        case .sqlite:
            let loose = "_og_loose_" + table.name
            try await database.execute("ALTER TABLE \(dialect.quote(table.name)) RENAME TO \(dialect.quote(loose))", [])
            try await database.execute(schema.tableStatement(table, for: dialect), [])
            let columns = ([SQL.primaryKey, SQL.entityColumn] + table.columns.map(\.name)).map(dialect.quote).joined(separator: ", ")
            try await database.execute("INSERT INTO \(dialect.quote(table.name)) (\(columns)) SELECT \(columns) FROM \(dialect.quote(loose))", [])
            try await database.execute("DROP TABLE \(dialect.quote(loose))", [])
        }
    }

    // MARK: Indexes, constraints, keys

    /// Drops the older schema's indexes, except those whose statement is in `keeping`, under their names
    /// and, for names over 63 bytes in PostgreSQL, also under the name the server cut them to before
    /// ``SQLDialect/generatedName(_:)`` (a schema created by an older version has them so).
    private nonisolated(nonsending) func dropIndexes(of schema: StoreSchema, keeping: Set<String>) async throws {
        let uniqueness = Set(schema.uniqueIndexes.map { dialect.generatedName($0.name) })
        keptIndexes = []
        for index in schema.indexDefinitions(for: dialect) {
            if keeping.contains(index.statement) {
                keptIndexes.insert(index.statement)
                continue
            }
            for name in [index.name] + (index.formerName.map { [$0] } ?? []) {
                try await database.execute(dialect.dropIndex(name, table: index.table, isUniqueness: uniqueness.contains(index.name)), [])
            }
        }
    }

    /// Drops the foreign keys of the older schema's tables (PostgreSQL), which ``finish(_:)`` creates
    /// again for the newer schema once the data is in place.
    private nonisolated(nonsending) func dropForeignKeys(of schema: StoreSchema) async throws {
        guard let query = dialect.foreignKeyQuery else { return }
        let tables = Set(schema.tables.map(\.name) + schema.links.map(\.name))
        for row in try await database.rows(query, [], types: [.string, .string]) {
            guard case .string(let table) = row[0], case .string(let name) = row[1], tables.contains(table) else { continue }
            try await database.execute("ALTER TABLE \(dialect.quote(table)) DROP CONSTRAINT \(dialect.quote(name))", [])
        }
    }

    /// Creates the newer schema's foreign keys (PostgreSQL). A to-one whose destination row is gone (its
    /// relationship now points into another table) becomes NULL first, which is how a dangling key reads.
    private nonisolated(nonsending) func createForeignKeys(of schema: StoreSchema) async throws {
        let pk = dialect.quote(SQL.primaryKey)
        for table in schema.tables {
            for column in table.columns {
                guard case .key(let destination) = column.type else { continue }
                let name = dialect.quote(column.name)
                try await database.execute("UPDATE \(dialect.quote(table.name)) SET \(name) = NULL WHERE \(name) IS NOT NULL "
                    + "AND NOT EXISTS (SELECT 1 FROM \(dialect.quote(destination)) d WHERE d.\(pk) = \(dialect.quote(table.name)).\(name))", [])
            }
        }
        for statement in schema.foreignKeyStatements { try await database.execute(statement, []) }
    }

    /// Creates the newer schema's indexes; a uniqueness constraint that existing rows break names them.
    private nonisolated(nonsending) func createIndexes(of mapping: MigrationMapping) async throws {
        let uniqueByName = Dictionary(mapping.new.uniqueIndexes.map { (dialect.generatedName($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        for index in mapping.new.indexDefinitions(for: dialect) where !keptIndexes.contains(index.statement) {
            guard let violation = try await database.attempt(index.statement, []) else { continue }
            guard violation == .unique, let unique = uniqueByName[index.name] else {
                throw MigrationError.stepFailed(stage: stageName, step: "create index \(index.name)", object: nil, values: [],
                                                reason: "the rows of \(index.table) break \(violation)")
            }
            throw try await duplicateError(unique)
        }
        keptIndexes = []
    }

    /// Each newer table's last key: the largest of its older tables' and of its rows; the keys of tables
    /// that are gone are forgotten.
    private nonisolated(nonsending) func updateKeys(_ mapping: MigrationMapping) async throws {
        for table in mapping.new.tables {
            let last = max(try await database.lastKey(of: sourceTables(of: table.name, mapping: mapping)), try await largestKey(in: table.name))
            try await database.setLastKey(last, of: table.name)
        }
        try await database.removeKeys(except: mapping.new.tables.map(\.name))
    }

    /// The older tables the rows of the newer `table` come from, and `table` itself.
    func sourceTables(of table: String, mapping: MigrationMapping) -> [String] {
        Set((mapping.copies[table] ?? []).map(\.oldLayout.table)).union([table]).sorted()
    }

    /// The largest key in `table`, or 0.
    nonisolated(nonsending) func largestKey(in table: String) async throws -> Int64 {
        let rows = try await database.rows("SELECT COALESCE(MAX(\(dialect.quote(SQL.primaryKey))), 0) FROM \(dialect.quote(table))", [],
                                           types: [.integer64])
        guard case .integer(let last)? = rows.first?[0] else { return 0 }
        return last
    }
}
