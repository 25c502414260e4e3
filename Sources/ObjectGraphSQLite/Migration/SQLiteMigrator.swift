import ObjectGraph
import ObjectGraphSQL

/// Runs the stages of a ``MigrationPlan`` on a SQLite database, inside the transaction the store opened:
/// `ALTER TABLE` when a stage only renames columns and appends columns with constant values (and has
/// no custom steps), otherwise a rebuild of every table (the older tables are renamed `_og_old_…`,
/// the newer ones created and filled with `INSERT … SELECT`, custom steps run, then the older tables
/// are dropped). Indexes and UNIQUE indexes are created once the data is in place; a UNIQUE index
/// that existing rows break fails naming the values.
final class SQLiteMigrator: MigrationExecutor {
    let connection: Connection
    private var current: PlannedMigrationStage?
    private(set) var mapping: MigrationMapping?
    /// Whether the running stage rebuilt its tables (the older ones are under `_og_old_…`).
    private var rebuilt = false
    /// Required columns created without NOT NULL because a custom step may fill them, per table.
    private var looseColumns: [String: [(column: String, entity: EntityLayout, attribute: String)]] = [:]
    /// Keys handed out to objects inserted by custom steps, per table.
    var nextKeys: [String: Int64] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    var stage: PlannedMigrationStage {
        guard let current else { preconditionFailure("no migration stage is running") }
        return current
    }

    var stageName: String { stage.stage.description }

    nonisolated(nonsending) func begin(_ stage: PlannedMigrationStage) async throws {
        current = stage
        nextKeys = [:]
        looseColumns = [:]
        let mapping = try MigrationMapping(stage: stage)
        self.mapping = mapping
        if stage.customSteps.isEmpty, let alterations = InPlaceAlteration.plan(mapping) {
            rebuilt = false
            try dropIndexes(of: mapping.old, keeping: Set(mapping.new.indexDefinitions().map(\.statement)))
            for alteration in alterations { try alteration.apply(on: connection) }
            return
        }
        rebuilt = true
        try dropIndexes(of: mapping.old, keeping: [])
        for table in mapping.old.tables.map(\.name) + mapping.old.links.map(\.name) {
            try connection.execute("ALTER TABLE \(SQL.quote(table)) RENAME TO \(SQL.quote(MigrationMapping.oldName(table)))")
        }
        for table in mapping.new.tables { try copy(into: table, mapping: mapping, allowNulls: !stage.customSteps.isEmpty) }
        for link in mapping.links {
            try connection.execute(mapping.new.linkTableStatement(link.link, for: .sqlite))
            if let sql = link.sql { try connection.execute(sql) }
        }
    }

    nonisolated(nonsending) func finish(_ stage: PlannedMigrationStage) async throws {
        guard let mapping else { return }
        for (table, columns) in looseColumns where !columns.isEmpty {
            try tighten(try mapping.new.table(named: table), columns: columns, schema: mapping.new)
        }
        if rebuilt {
            for table in mapping.old.tables.map(\.name) + mapping.old.links.map(\.name) {
                try connection.execute("DROP TABLE \(SQL.quote(MigrationMapping.oldName(table)))")
            }
        }
        try createIndexes(of: mapping)
        try updateSequences(mapping)
        try connection.recordVersion(hash: stage.destination.versionHash, name: stage.stage.destination, model: stage.destination.name)
        self.mapping = nil
    }

    // MARK: Rebuild

    /// Creates `table` and fills it from the older tables, entity by entity.
    private func copy(into table: TableLayout, mapping: MigrationMapping, allowNulls: Bool) throws {
        let copies = mapping.copies[table.name] ?? []
        var loose: [(column: String, entity: EntityLayout, attribute: String)] = []
        if allowNulls {
            for copy in copies { loose += copy.mayBeNull.map { ($0.column, copy.newLayout, $0.attribute) } }
        }
        try connection.execute(mapping.new.tableStatement(table, for: .sqlite, nullable: Set(loose.map(\.column))))
        looseColumns[table.name] = loose
        try checkKeysDoNotCollide(copies, table: table.name)
        for copy in copies {
            for check in copy.cardinalityChecks { try checkCardinality(check, copy: copy) }
            let names = [SQL.primaryKey, SQL.entityColumn] + copy.columns.map(\.name)
            var values = ["o.\(SQL.quote(SQL.primaryKey))", String(copy.newLayout.code)]
            var parameters: [AttributeValue] = []
            for (_, source) in copy.columns {
                let (text, bound) = source.sql
                values.append(text)
                parameters += bound
            }
            let sql = "INSERT INTO \(SQL.quote(table.name)) (\(names.map(SQL.quote).joined(separator: ", "))) "
                + "SELECT \(values.joined(separator: ", ")) FROM \(SQL.quote(MigrationMapping.oldName(copy.oldLayout.table))) o "
                + "WHERE o.\(SQL.quote(SQL.entityColumn)) = \(copy.oldLayout.code)"
            do {
                let statement = try connection.statement(sql)
                statement.bind(parameters)
                try statement.run()
            } catch let failure as StatementFailure where failure.extendedCode == 1299 {
                throw try missingValueError(copy: copy, table: table.name, failure: failure)
            }
            for (column, type) in copy.textConversions {
                try TextConversion(connection: connection, table: table.name, column: column, code: copy.newLayout.code, from: type).run()
            }
        }
    }

    /// Two older tables feeding one newer table must not share keys (objects keep their keys).
    private func checkKeysDoNotCollide(_ copies: [EntityCopy], table: String) throws {
        let sources = Set(copies.map(\.oldLayout.table))
        guard sources.count > 1 else { return }
        let union = copies.map { copy in
            "SELECT \(SQL.quote(SQL.primaryKey)) AS k FROM \(SQL.quote(MigrationMapping.oldName(copy.oldLayout.table))) "
                + "WHERE \(SQL.quote(SQL.entityColumn)) = \(copy.oldLayout.code)"
        }.joined(separator: " UNION ALL ")
        let statement = try connection.statement("SELECT k FROM (\(union)) GROUP BY k HAVING COUNT(*) > 1 LIMIT 1")
        defer { statement.reset() }
        if try statement.step() {
            throw MigrationError.stepFailed(
                stage: stageName, step: "merge \(sources.sorted().joined(separator: ", ")) into \(table)",
                object: AnyObjectID(entityName: table, key: .integer(statement.int64(0))), values: [],
                reason: "objects of several tables would share this key in table \(table); such a hierarchy change is not supported")
        }
    }

    private func checkCardinality(_ check: (step: String, sql: String), copy: EntityCopy) throws {
        let statement = try connection.statement(check.sql)
        defer { statement.reset() }
        guard try statement.step() else { return }
        throw MigrationError.stepFailed(
            stage: stageName, step: check.step,
            object: AnyObjectID(entityName: copy.oldLayout.table, key: .integer(statement.int64(0))),
            values: [.integer(statement.int64(1))], reason: "the object has \(statement.int64(1)) destinations; a to-one holds one")
    }

    /// The error for a copy that left a required column NULL, naming the first such object.
    private func missingValueError(copy: EntityCopy, table: String, failure: StatementFailure) throws -> MigrationError {
        let column = failure.message.split(separator: ".").last.map(String.init) ?? ""
        let attribute = copy.mayBeNull.first { $0.column == column }?.attribute ?? column
        let condition = copy.source(of: column).map { source -> (String, [AttributeValue]) in
            let (text, parameters) = source.sql
            return ("(\(text)) IS NULL", parameters)
        } ?? ("1", [])
        let statement = try connection.statement("SELECT o.\(SQL.quote(SQL.primaryKey)) FROM "
            + "\(SQL.quote(MigrationMapping.oldName(copy.oldLayout.table))) o WHERE o.\(SQL.quote(SQL.entityColumn)) = \(copy.oldLayout.code) "
            + "AND \(condition.0) LIMIT 1")
        defer { statement.reset() }
        statement.bind(condition.1)
        let object = try statement.step()
            ? AnyObjectID(entityName: copy.oldLayout.table, key: .integer(statement.int64(0))) : nil
        return MigrationError.stepFailed(
            stage: stageName, step: step(about: attribute, of: copy.newLayout.entity.name)?.description
                ?? "migrate attribute \(copy.newLayout.entity.name).\(attribute)",
            object: object, values: [],
            reason: "required attribute \(copy.newLayout.entity.name).\(attribute) would have no value; "
                + "give it a default or a fill value, or set it in a custom step")
    }

    /// The stage's step about `attribute` of `entity`, if any.
    func step(about attribute: String, of entity: String) -> MigrationStep? {
        stage.stage.steps.first { step in
            switch step {
            case .addAttribute(entity, attribute, _), .makeAttributeRequired(entity, attribute, _),
                 .changeAttributeType(entity, attribute, _, _), .renameAttribute(entity, _, attribute):
                true
            case .addUniquenessConstraint(entity, let properties): properties.contains(attribute)
            default: false
            }
        }
    }

    /// After custom steps: checks that required columns created without NOT NULL hold values, then
    /// rebuilds the table with its NOT NULL constraints.
    private func tighten(_ table: TableLayout, columns: [(column: String, entity: EntityLayout, attribute: String)], schema: StoreSchema) throws {
        for (column, layout, attribute) in columns {
            let statement = try connection.statement("SELECT \(SQL.quote(SQL.primaryKey)) FROM \(SQL.quote(table.name)) "
                + "WHERE \(SQL.quote(column)) IS NULL AND \(SQL.quote(SQL.entityColumn)) = \(layout.code) LIMIT 1")
            defer { statement.reset() }
            if try statement.step() {
                throw MigrationError.stepFailed(
                    stage: stageName, step: step(about: attribute, of: layout.entity.name)?.description
                        ?? "migrate attribute \(layout.entity.name).\(attribute)",
                    object: AnyObjectID(entityName: table.name, key: .integer(statement.int64(0))), values: [],
                    reason: "required attribute \(layout.entity.name).\(attribute) has no value after the custom steps")
            }
        }
        let loose = "_og_loose_" + table.name
        try connection.execute("ALTER TABLE \(SQL.quote(table.name)) RENAME TO \(SQL.quote(loose))")
        try connection.execute(schema.tableStatement(table, for: .sqlite))
        let columns = ([SQL.primaryKey, SQL.entityColumn] + table.columns.map(\.name)).map(SQL.quote).joined(separator: ", ")
        try connection.execute("INSERT INTO \(SQL.quote(table.name)) (\(columns)) SELECT \(columns) FROM \(SQL.quote(loose))")
        try connection.execute("DROP TABLE \(SQL.quote(loose))")
    }

    // MARK: Indexes, sequences

    /// Drops the older schema's indexes, except those whose statement is in `keeping`.
    private func dropIndexes(of schema: StoreSchema, keeping: Set<String>) throws {
        for index in schema.indexDefinitions() where !keeping.contains(index.statement) {
            try connection.execute("DROP INDEX IF EXISTS \(SQL.quote(index.name))")
        }
    }

    /// Creates the newer schema's indexes; a UNIQUE index that existing rows break names them.
    private func createIndexes(of mapping: MigrationMapping) throws {
        let uniqueByName = Dictionary(mapping.new.uniqueIndexes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in mapping.new.indexDefinitions() {
            do {
                try connection.execute(index.statement)
            } catch SQLiteStoreError.sqlite(let code, let message, let sql) {
                guard code == 2067 || code == 19, let unique = uniqueByName[index.name] else {
                    throw SQLiteStoreError.sqlite(code: code, message: message, sql: sql)
                }
                throw try duplicateError(unique)
            }
        }
    }

    private func duplicateError(_ index: UniqueIndex) throws -> MigrationError {
        let columns = index.columns.map(SQL.quote).joined(separator: ", ")
        let condition = index.partialCodes.map { " WHERE \(SQL.quote(SQL.entityColumn)) IN (\($0.map(String.init).joined(separator: ", ")))" } ?? ""
        let statement = try connection.statement("SELECT MIN(\(SQL.quote(SQL.primaryKey))), \(columns) FROM \(SQL.quote(index.table))"
            + "\(condition) GROUP BY \(columns) HAVING COUNT(*) > 1 LIMIT 1")
        defer { statement.reset() }
        var values: [AttributeValue] = []
        var object: AnyObjectID?
        if try statement.step() {
            object = AnyObjectID(entityName: index.table, key: .integer(statement.int64(0)))
            for (offset, property) in index.properties.enumerated() {
                let attribute = index.entity.attribute(named: property)
                let read = ColumnRead(index: Int32(offset + 1), type: attribute?.type ?? .string, isNullable: true)
                values.append(RowReader.value(statement, read) ?? .null)
            }
        }
        let step = stage.stage.steps.first {
            if case .addUniquenessConstraint(index.entity.name, let properties) = $0 { return Set(properties) == Set(index.properties) }
            return false
        }
        return MigrationError.stepFailed(
            stage: stageName, step: step?.description ?? "keep uniqueness constraint (\(index.properties.joined(separator: ", "))) of \(index.entity.name)",
            object: object, values: values,
            reason: "several \(index.entity.name) objects share \(index.properties.joined(separator: ", ")) = "
                + values.map(\.description).joined(separator: ", "))
    }

    /// Each newer table's last key: the largest of its older tables' and of its rows; rows of tables
    /// that are gone are removed.
    private func updateSequences(_ mapping: MigrationMapping) throws {
        let sequence = SQL.quote(StoreSchema.sequenceTable)
        for table in mapping.new.tables {
            let sources = Set((mapping.copies[table.name] ?? []).map(\.oldLayout.table)).union([table.name])
            let list = sources.sorted().map(SQL.text).joined(separator: ", ")
            try connection.execute("INSERT OR REPLACE INTO \(sequence) (\"table\", \"last\") VALUES (\(SQL.text(table.name)), "
                + "MAX(COALESCE((SELECT MAX(\"last\") FROM \(sequence) WHERE \"table\" IN (\(list))), 0), "
                + "COALESCE((SELECT MAX(\(SQL.quote(SQL.primaryKey))) FROM \(SQL.quote(table.name))), 0)))")
        }
        let kept = mapping.new.tables.map { SQL.text($0.name) }.joined(separator: ", ")
        try connection.execute("DELETE FROM \(sequence) WHERE \"table\" NOT IN (\(kept.isEmpty ? "''" : kept))")
    }
}
