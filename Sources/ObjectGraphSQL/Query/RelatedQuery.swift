/// The SQL shape of "the destinations of one relationship for the owners whose keys are bound as a JSON
/// array" (the statement's one argument): owners `o` (every listed owner appears, LEFT JOINed to its destinations), the member's key
/// expression, and the order (owner, then relationship order). Selects either owner and member keys
/// (``idsSQL``) or the destination's whole row followed by the owner key (``rowsSQL(_:)``).
package struct RelatedQuery {
    /// The destination's table.
    package let destinationTable: String
    /// `FROM … LEFT JOIN …`: the owners and their members.
    private let from: String
    /// The join that reaches the destination's row as `d` when ``from`` does not (link tables).
    private let destinationJoin: String
    /// The member's key in the joined rows (`d._pk`, or the link table's member column).
    private let member: String
    /// `ORDER BY …`, or empty when rows come in owner order anyway.
    private let order: String

    /// `WHERE` the owner's key is in the bound list.
    private let filter: String

    private static let owner = SQL.column("o", SQL.primaryKey)

    package init(
        _ storage: RelationshipStorage, of layout: EntityLayout, destination: String, schema: StoreSchema, dialect: SQLDialect
    ) throws {
        let owner = Self.owner
        filter = "WHERE " + dialect.inIntegerList(owner, placeholder: dialect.placeholder(1))
        var from = "FROM \(SQL.quote(layout.table)) o"
        switch storage {
        case .foreignKey(let column, let table):
            destinationTable = table
            member = SQL.column("d", SQL.primaryKey)
            from += " LEFT JOIN \(SQL.quote(table)) d ON \(member) = \(SQL.column("o", column))"
            destinationJoin = ""
            order = ""
        case .inverseForeignKey(let table, let column, let positionColumn):
            destinationTable = table
            member = SQL.column("d", SQL.primaryKey)
            var join = "\(SQL.column("d", column)) = \(owner)"
            if let codes = try schema.memberCodeList(of: destination) {
                join += " AND \(SQL.column("d", SQL.entityColumn)) IN (\(codes))"
            }
            from += " LEFT JOIN \(SQL.quote(table)) d ON \(join)"
            destinationJoin = ""
            let position = positionColumn.map { "\(SQL.column("d", $0)) IS NULL, \(SQL.column("d", $0)), " } ?? ""
            order = "ORDER BY \(owner), \(position)\(member)"
        case .link(let link, let side):
            destinationTable = link.memberTable(side)
            member = SQL.column("l", side.memberColumn)
            let position = SQL.column("l", side.positionColumn)
            from += " LEFT JOIN \(SQL.quote(link.name)) l ON \(SQL.column("l", side.ownerColumn)) = \(owner)"
            destinationJoin = " LEFT JOIN \(SQL.quote(destinationTable)) d ON \(SQL.column("d", SQL.primaryKey)) = \(member)"
            order = "ORDER BY \(owner), \(position) IS NULL, \(position), l.\(dialect.linkInsertionOrder)"
        }
        self.from = from
    }

    /// `SELECT owner, member`; member NULL for an owner without destinations.
    package var idsSQL: String {
        "SELECT \(Self.owner), \(member) \(from) \(filter) \(order)"
    }

    /// `SELECT d.<select list>, owner`: the destination's row as ``RowReader`` reads it (all NULL for an
    /// owner without destinations), then the owner's key at `table.columns.count + 2`.
    package func rowsSQL(_ table: TableLayout) -> String {
        "SELECT \(table.selectList(alias: "d")), \(Self.owner) \(from)\(destinationJoin) \(filter) \(order)"
    }
}
