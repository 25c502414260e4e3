import ObjectGraph

/// The `ALTER TABLE` statements that migrate one table in place: column renames, appended columns with
/// a constant value and, in PostgreSQL, dropped columns, type changes (`ALTER COLUMN … TYPE … USING`),
/// required → optional (`DROP NOT NULL`) and optional → required (NULLs set to the step's fill value,
/// then `SET NOT NULL`; without a fill value the migrator first checks that no object lacks a value).
/// Possible when a stage keeps every table and link table
/// and every entity's code, and each new column is an old one (renamed or not) or a constant. Columns
/// are addressed by name, so their order in the table does not matter.
package struct InPlaceAlteration: Sendable {
    /// A kept column that changes in place.
    struct Change: Sendable {
        let old: ColumnDefinition
        let new: ColumnDefinition
        /// The value the NULLs of the rows of entities `filledCodes` take (a `makeAttributeRequired` fill).
        var fill: AttributeValue?
        var filledCodes: [Int64] = []
    }

    let table: String
    let changes: [Change]
    let additions: [(column: ColumnDefinition, value: AttributeValue)]
    let removals: [String]

    /// The alterations of every table of `mapping`, or `nil` when some table needs a rebuild.
    package static func plan(_ mapping: MigrationMapping) -> [InPlaceAlteration]? {
        guard mapping.old.tables.map(\.name).sorted() == mapping.new.tables.map(\.name).sorted(),
              mapping.old.links.map(\.name).sorted() == mapping.new.links.map(\.name).sorted(),
              mapping.links.allSatisfy({ $0.unchangedOldLink == $0.link.name }) else { return nil }
        var alterations: [InPlaceAlteration] = []
        for table in mapping.new.tables {
            guard let oldTable = try? mapping.old.table(named: table.name),
                  let alteration = plan(table, old: oldTable, copies: mapping.copies[table.name] ?? [], mapping: mapping) else { return nil }
            alterations.append(alteration)
        }
        return alterations
    }

    private static func plan(_ table: TableLayout, old: TableLayout, copies: [EntityCopy], mapping: MigrationMapping) -> InPlaceAlteration? {
        let oldEntities = mapping.stage.source.entityNames(inHierarchyOf: old.name)
        guard copies.count == oldEntities.count, Set(copies.map(\.oldLayout.entity.name)) == Set(oldEntities),
              copies.allSatisfy({ $0.oldLayout.code == $0.newLayout.code && $0.oldLayout.table == old.name
                  && $0.textConversions.isEmpty && $0.cardinalityChecks.isEmpty }) else { return nil }
        let isPostgreSQL = mapping.dialect == .postgreSQL
        let checked = Set(copies.flatMap { $0.mayBeNull.map(\.column) })
        guard isPostgreSQL || checked.isEmpty else { return nil }
        var kept: [Change] = []
        var additions: [(column: ColumnDefinition, value: AttributeValue)] = []
        for column in table.columns {
            let sources = copies.compactMap { $0.source(of: column.name) }
            if let (name, fill) = keptColumn(sources, inPostgreSQL: isPostgreSQL) {
                guard let oldColumn = old.columns.first(where: { $0.name == name }), !kept.contains(where: { $0.old.name == name }) else { return nil }
                let filled = copies.filter { if case .filled = $0.source(of: column.name) { true } else { false } }
                kept.append(Change(old: oldColumn, new: column, fill: fill, filledCodes: filled.map(\.newLayout.code)))
                continue
            }
            let value: AttributeValue
            if sources.isEmpty {
                value = .null
            } else if case .constant(let constant) = sources[0], sources.allSatisfy({ $0 == .constant(constant) }),
                      constant.isNull || sources.count == copies.count {
                value = constant
            } else {
                return nil
            }
            if column.isRequired && value.isNull { return nil }
            additions.append((column, value))
        }
        let keptNames = Set(kept.map(\.old.name))
        let removals = old.columns.map(\.name).filter { !keptNames.contains($0) }
        guard isPostgreSQL || removals.isEmpty, checked.isSubset(of: kept.map(\.new.name)),
              kept.allSatisfy({ isPostgreSQL ? (!$0.new.isRequired || $0.old.isRequired || $0.fill != nil || checked.contains($0.new.name))
                  : ($0.old.type == $0.new.type && $0.old.isRequired == $0.new.isRequired) }) else { return nil }
        let oldNames = Set(old.columns.map(\.name))
        guard kept.allSatisfy({ $0.old.name == $0.new.name || !oldNames.contains($0.new.name) }) else { return nil }
        return InPlaceAlteration(table: table.name, changes: kept, additions: additions, removals: removals)
    }

    /// The old column every source copies as it is (or, in PostgreSQL, as text or with its NULLs filled),
    /// and the fill value, if there is such a column.
    private static func keptColumn(_ sources: [ColumnSource], inPostgreSQL: Bool) -> (name: String, fill: AttributeValue?)? {
        let kept = sources.map { source -> (name: String, fill: AttributeValue?)? in
            switch source {
            case .column(let name): (name, nil)
            case .text(let name) where inPostgreSQL: (name, nil)
            case .filled(let name, let fill) where inPostgreSQL: (name, fill)
            default: nil
            }
        }
        guard let first = kept.first, let first, kept.allSatisfy({ $0?.name == first.name && $0?.fill == first.fill }) else { return nil }
        return first
    }

    /// The statements in `dialect`, with their arguments: removals, renames, type changes, fills and
    /// requirement changes, then additions.
    package func statements(for dialect: SQLDialect) -> [(sql: String, arguments: [AttributeValue])] {
        let table = dialect.quote(self.table)
        var statements: [(sql: String, arguments: [AttributeValue])] = []
        for column in removals { statements.append(("ALTER TABLE \(table) DROP COLUMN \(dialect.quote(column))", [])) }
        for change in changes where change.old.name != change.new.name {
            statements.append(("ALTER TABLE \(table) RENAME COLUMN \(dialect.quote(change.old.name)) TO \(dialect.quote(change.new.name))", []))
        }
        for change in changes {
            let column = dialect.quote(change.new.name)
            if change.old.type != change.new.type {
                let type = dialect.columnType(change.new.type)
                statements.append(("ALTER TABLE \(table) ALTER COLUMN \(column) TYPE \(type) USING \(dialect.cast(column, to: change.new.type))", []))
            }
            if change.old.isRequired && !change.new.isRequired {
                statements.append(("ALTER TABLE \(table) ALTER COLUMN \(column) DROP NOT NULL", []))
            }
            if let fill = change.fill {
                let codes = change.filledCodes.map(String.init).joined(separator: ", ")
                statements.append(("UPDATE \(table) SET \(column) = \(dialect.cast("?", to: change.new.type)) "
                    + "WHERE \(column) IS NULL AND \(dialect.quote(SQL.entityColumn)) IN (\(codes))", [fill]))
            }
            if !change.old.isRequired && change.new.isRequired {
                statements.append(("ALTER TABLE \(table) ALTER COLUMN \(column) SET NOT NULL", []))
            }
        }
        for (column, value) in additions {
            let name = dialect.quote(column.name), type = dialect.columnType(column.type)
            switch dialect {
            case .sqlite:
                let constraint = value.isNull ? "" : (column.isRequired ? " NOT NULL" : "") + " DEFAULT \(SQL.literal(value))"
                statements.append(("ALTER TABLE \(table) ADD COLUMN \(name) \(type)\(constraint)", []))
            case .postgreSQL:
                statements.append(("ALTER TABLE \(table) ADD COLUMN \(name) \(type)", []))
                guard !value.isNull else { continue }
                statements.append(("UPDATE \(table) SET \(name) = \(dialect.cast("?", to: column.type))", [value]))
                if column.isRequired { statements.append(("ALTER TABLE \(table) ALTER COLUMN \(name) SET NOT NULL", [])) }
            }
        }
        return statements
    }
}
