/// The statements a save writes, in a dialect: batched `INSERT`s, `UPDATE`s of the changed columns, and
/// `DELETE`s by key. Arguments are bound in the order the columns are listed.
package struct WriteSQL {
    package let dialect: SQLDialect

    /// The statements of `dialect`.
    package init(dialect: SQLDialect) { self.dialect = dialect }

    /// The columns an insert binds, in order: key, entity code, stored attributes, to-ones.
    package static func insertColumns(of layout: EntityLayout) -> [String] {
        [SQL.primaryKey, SQL.entityColumn] + layout.attributeColumns.compactMap { $0 } + layout.toOneColumns
    }

    /// `INSERT INTO table (columns) VALUES (…), (…)` with `rows` rows of placeholders.
    package func insert(_ layout: EntityLayout, rows: Int) -> String {
        let columns = Self.insertColumns(of: layout)
        let head = "INSERT INTO \(dialect.quote(layout.table)) (\(columns.map(dialect.quote).joined(separator: ", "))) VALUES "
        return head + placeholderRows(rows, columns: columns.count)
    }

    /// `(?, ?), (?, ?), …`: `rows` rows of `columns` placeholders, numbered on from row to row.
    private func placeholderRows(_ rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { dialect.placeholder(row * columns + $0) }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    /// `UPDATE table SET c1 = …, c2 = … WHERE _pk = …`: the values of `columns`, then the key (when no
    /// column changes, the statement sets the key to itself, so it still finds out whether the row exists).
    package func update(table: String, columns: [String]) -> String {
        var number = 0
        func next() -> String {
            number += 1
            return dialect.placeholder(number)
        }
        var assignments = columns.map { "\(dialect.quote($0)) = \(next())" }
        if assignments.isEmpty { assignments = ["\(dialect.quote(SQL.primaryKey)) = \(dialect.quote(SQL.primaryKey))"] }
        return "UPDATE \(dialect.quote(table)) SET \(assignments.joined(separator: ", ")) WHERE \(dialect.quote(SQL.primaryKey)) = \(next())"
    }

    /// `UPDATE table AS t SET c1 = v.column2, … FROM (VALUES (…), (…), …) AS v WHERE t._pk = v.column1`:
    /// `rows` updates of the same `columns` in one statement, each row of placeholders the key, then the
    /// new values in the order of `columns`.
    package func update(table: String, columns: [String], rows: Int) -> String {
        let key = dialect.quote(SQL.primaryKey)
        var assignments = columns.enumerated().map { "\(dialect.quote($1)) = v.column\($0 + 2)" }
        if assignments.isEmpty { assignments = ["\(key) = v.column1"] }
        return "UPDATE \(dialect.quote(table)) AS t SET \(assignments.joined(separator: ", ")) "
            + "FROM (VALUES \(placeholderRows(rows, columns: columns.count + 1))) AS v WHERE t.\(key) = v.column1"
    }

    /// The numbered placeholder `number`, which a statement may use more than once (`?1`, `$1`).
    private func argument(_ number: Int) -> String {
        (dialect == .sqlite ? "?" : "$") + String(number)
    }

    /// `UPDATE` that appends row `argument 2` to the ordered one-to-many whose inverse foreign key
    /// `column` is `argument 1`, by giving it the next position.
    package func appendPosition(table: String, column: String, positionColumn: String) -> String {
        let (quotedTable, position) = (dialect.quote(table), dialect.quote(positionColumn))
        return "UPDATE \(quotedTable) SET \(position) = (SELECT coalesce(max(\(position)), -1) + 1 FROM \(quotedTable) "
            + "WHERE \(dialect.quote(column)) = \(argument(1))) WHERE \(dialect.quote(SQL.primaryKey)) = \(argument(2))"
    }

    /// `UPDATE` that sets the position of row `argument 2` to `argument 1`.
    package func place(table: String, positionColumn: String) -> String {
        "UPDATE \(dialect.quote(table)) SET \(dialect.quote(positionColumn)) = \(argument(1)) WHERE \(dialect.quote(SQL.primaryKey)) = \(argument(2))"
    }

    /// `SELECT` of the keys of the members of owner `argument 1` of an ordered one-to-many, in their stored
    /// order (members without a position last, then by key).
    package func orderedMembers(table: String, column: String, positionColumn: String) -> String {
        let position = dialect.quote(positionColumn)
        return "SELECT \(dialect.quote(SQL.primaryKey)) FROM \(dialect.quote(table)) WHERE \(dialect.quote(column)) = \(argument(1)) "
            + "ORDER BY \(position) IS NULL, \(position), \(dialect.quote(SQL.primaryKey))"
    }

    /// `SELECT` of the member keys of the links of owner `argument 1`, in the owner's stored order (links
    /// without a position last, then by member key).
    package func orderedLinkMembers(_ link: LinkTable, side: LinkTable.Side) -> String {
        let (position, member) = (dialect.quote(side.positionColumn), dialect.quote(side.memberColumn))
        return "SELECT \(member) FROM \(dialect.quote(link.name)) WHERE \(dialect.quote(side.ownerColumn)) = \(argument(1)) "
            + "ORDER BY \(position) IS NULL, \(position), \(member)"
    }

    /// `DELETE` of the link from owner `argument 1` to member `argument 2`.
    package func unlink(_ link: LinkTable, side: LinkTable.Side) -> String {
        "DELETE FROM \(dialect.quote(link.name)) WHERE \(dialect.quote(side.ownerColumn)) = \(argument(1)) "
            + "AND \(dialect.quote(side.memberColumn)) = \(argument(2))"
    }

    /// `INSERT` of a link from owner `argument 1` to member `argument 2` at the end of both ends' orders,
    /// unless it exists.
    package func link(_ link: LinkTable, side: LinkTable.Side) -> String {
        let table = dialect.quote(link.name)
        let other: LinkTable.Side = side == .a ? .b : .a
        let (ownerColumn, memberColumn) = (dialect.quote(side.ownerColumn), dialect.quote(side.memberColumn))
        let (ownerPosition, memberPosition) = (dialect.quote(side.positionColumn), dialect.quote(other.positionColumn))
        let values = "(\(argument(1)), \(argument(2)), "
            + "(SELECT coalesce(max(\(ownerPosition)), -1) + 1 FROM \(table) WHERE \(ownerColumn) = \(argument(1))), "
            + "(SELECT coalesce(max(\(memberPosition)), -1) + 1 FROM \(table) WHERE \(memberColumn) = \(argument(2))))"
        return dialect.insertIgnoringConflicts(
            into: link.name, columns: [side.ownerColumn, side.memberColumn, side.positionColumn, other.positionColumn], values: values)
    }

    /// `UPDATE` that sets the owner-side position of the link from owner `argument 2` to member
    /// `argument 3` to `argument 1`.
    package func placeLink(_ link: LinkTable, side: LinkTable.Side) -> String {
        "UPDATE \(dialect.quote(link.name)) SET \(dialect.quote(side.positionColumn)) = \(argument(1)) "
            + "WHERE \(dialect.quote(side.ownerColumn)) = \(argument(2)) AND \(dialect.quote(side.memberColumn)) = \(argument(3))"
    }

    /// `DELETE FROM table WHERE column = …`, or, for more than one key, `… WHERE column IN (…, …)` with
    /// `keys` placeholders.
    package func delete(from table: String, where column: String = SQL.primaryKey, keys: Int = 1) -> String {
        let head = "DELETE FROM \(dialect.quote(table)) WHERE \(dialect.quote(column))"
        guard keys > 1 else { return "\(head) = \(dialect.placeholder(1))" }
        return "\(head) IN (\((1...keys).map(dialect.placeholder).joined(separator: ", ")))"
    }
}
