import ObjectGraph
import ObjectGraphSQL

/// The `ALTER TABLE` statements that migrate one table in place: column renames, then appended
/// columns with a constant value. Possible when a stage keeps every table and link table, every
/// entity's code, and every column of each table (renamed or not, with the same storage), and only
/// adds columns whose value is a constant. Columns are addressed by name, so their order in the table
/// does not matter.
struct InPlaceAlteration {
    let table: String
    let renames: [(from: String, to: String)]
    let additions: [(column: ColumnDefinition, value: AttributeValue)]

    /// The alterations of every table of `mapping`, or `nil` when some table needs a rebuild.
    static func plan(_ mapping: MigrationMapping) -> [InPlaceAlteration]? {
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
                  && $0.textConversions.isEmpty && $0.mayBeNull.isEmpty && $0.cardinalityChecks.isEmpty }) else { return nil }
        var kept: [(old: ColumnDefinition, new: ColumnDefinition)] = []
        var additions: [(column: ColumnDefinition, value: AttributeValue)] = []
        for column in table.columns {
            let sources = copies.compactMap { $0.source(of: column.name) }
            if case .column(let name)? = sources.first, sources.allSatisfy({ $0 == .column(name) }) {
                guard let oldColumn = old.columns.first(where: { $0.name == name }), !kept.contains(where: { $0.old.name == name }) else { return nil }
                kept.append((oldColumn, column))
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
        guard kept.count == old.columns.count,
              kept.allSatisfy({ $0.old.type == $0.new.type && $0.old.isRequired == $0.new.isRequired }) else { return nil }
        let renames = kept.filter { $0.old.name != $0.new.name }.map { (from: $0.old.name, to: $0.new.name) }
        let oldNames = Set(old.columns.map(\.name))
        guard renames.allSatisfy({ !oldNames.contains($0.to) }) else { return nil }
        return InPlaceAlteration(table: table.name, renames: renames, additions: additions)
    }

    func apply(on connection: Connection) throws {
        let table = SQL.quote(self.table)
        for rename in renames {
            try connection.execute("ALTER TABLE \(table) RENAME COLUMN \(SQL.quote(rename.from)) TO \(SQL.quote(rename.to))")
        }
        for (column, value) in additions {
            let constraint = value.isNull ? "" : (column.isRequired ? " NOT NULL" : "") + " DEFAULT \(SQL.literal(value))"
            try connection.execute("ALTER TABLE \(table) ADD COLUMN \(SQL.quote(column.name)) \(SQLDialect.sqlite.columnType(column.type))\(constraint)")
        }
    }
}
