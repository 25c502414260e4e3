import ObjectGraph

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
    private let dialect: SQLDialect

    private static let owner = SQL.column("o", SQL.primaryKey)

    package init(
        _ storage: RelationshipStorage, of layout: EntityLayout, destination: String, schema: StoreSchema, dialect: SQLDialect
    ) throws {
        let owner = Self.owner
        self.dialect = dialect
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
    /// owner without destinations), then the owner's key at ``SQLDialect/rowSelectWidth(of:)``.
    package func rowsSQL(_ table: TableLayout) -> String {
        "SELECT \(dialect.rowSelectList(of: table, alias: "d")), \(Self.owner) \(from)\(destinationJoin) \(filter) \(order)"
    }
}

extension RelatedQuery {
    /// The query for relationship `relationshipName` of `entityName`, the declaring entity's layout and the
    /// owners' keys in its table; `nil` when none of `ids` is in that table.
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` for a relationship the entity lacks.
    package static func forOwners(
        _ ids: [AnyObjectID], relationship relationshipName: String, of entityName: String, schema: StoreSchema, dialect: SQLDialect
    ) throws -> (query: RelatedQuery, layout: EntityLayout, keys: [Int64])? {
        let layout = try schema.layout(of: entityName)
        guard let index = layout.entity.relationshipIndex(named: relationshipName) else {
            throw ObjectGraphError.unknownProperty(entity: entityName, property: relationshipName)
        }
        let keys = ids.compactMap { $0.entityName == layout.table ? $0.integerKey : nil }
        guard !keys.isEmpty else { return nil }
        let query = try RelatedQuery(
            layout.relationships[index], of: layout, destination: layout.entity.relationships[index].destinationEntityName,
            schema: schema, dialect: dialect)
        return (query, layout, keys)
    }
}
