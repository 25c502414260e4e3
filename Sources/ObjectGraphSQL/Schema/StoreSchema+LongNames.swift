/// The identifiers of a schema longer than PostgreSQL keeps (63 bytes). A database created before
/// ``SQLDialect/generatedName(_:)`` holds each under the name the server cut it to
/// (``SQLDialect/serverCutName(_:)``); the PostgreSQL store renames those when it opens the database.
package struct LongNames: Sendable {
    /// One long identifier: the name the server cut it to and the name the store uses.
    package struct Name: Sendable, Hashable {
        package let cut: String
        package let generated: String
    }

    /// Every identifier's names, of every kind.
    package var all: [Name] {
        tables + sequences + columns.map(\.name) + indexes.map(\.name)
    }

    /// Entity and link tables.
    package var tables: [Name] = []
    /// Key sequences.
    package var sequences: [Name] = []
    /// Columns, by the (generated) name of their table.
    package var columns: [(table: String, name: Name)] = []
    /// Indexes and uniqueness constraints, with the (generated) names of their table and columns, and the
    /// statement that creates a plain index (`nil` for a uniqueness constraint).
    package var indexes: [(table: String, name: Name, columns: [String], plainIndexStatement: String?)] = []
    /// Every name of a table, index, constraint or sequence of the schema as the store names it now: a
    /// cut name that is one of them is that object, not a cut one.
    package var relations: Set<String> = []
    /// Every column name of each entity table as the store names it now, by the table's name.
    package var columnsByTable: [String: Set<String>] = [:]

    /// Whether the schema has no identifier over 63 bytes.
    package var isEmpty: Bool {
        tables.isEmpty && sequences.isEmpty && columns.isEmpty && indexes.isEmpty
    }
}

extension StoreSchema {
    /// The schema's identifiers over PostgreSQL's 63 bytes (``LongNames``).
    package var longNames: LongNames {
        let dialect = SQLDialect.postgreSQL
        func long(_ name: String) -> LongNames.Name? {
            dialect.serverCutName(name).map { LongNames.Name(cut: $0, generated: dialect.generatedName(name)) }
        }
        var names = LongNames()
        let tableColumns = tables.map { ($0.name, [SQL.primaryKey, SQL.entityColumn, SQL.versionColumn] + $0.columns.map(\.name)) }
            + links.map { ($0.name, [String]()) }
        for (table, columns) in tableColumns {
            names.relations.insert(dialect.generatedName(table))
            names.tables += long(table).map { [$0] } ?? []
            names.columnsByTable[dialect.generatedName(table)] = Set(columns.map(dialect.generatedName))
            for column in columns {
                if let name = long(column) { names.columns.append((dialect.generatedName(table), name)) }
            }
        }
        for table in tables {
            names.relations.insert(Self.keySequence(of: table.name))
            names.sequences += long(Self.keySequenceName(of: table.name)).map { [$0] } ?? []
        }
        let uniqueness = Set(uniqueIndexes.map { dialect.generatedName($0.name) })
        for index in indexDefinitions(for: dialect) {
            names.relations.insert(index.name)
            if let formerName = index.formerName {
                names.indexes.append((dialect.generatedName(index.table), LongNames.Name(cut: formerName, generated: index.name),
                                      index.columns.map(dialect.generatedName), uniqueness.contains(index.name) ? nil : index.statement))
            }
        }
        return names
    }
}
