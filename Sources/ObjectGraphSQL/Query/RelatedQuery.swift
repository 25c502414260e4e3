import ObjectGraph

/// The SQL shape of "the destinations of one relationship for the owners whose keys are bound as one
/// integer list" (the statement's one argument, see ``SQLDialect/inIntegerList(_:placeholder:)``): owners
/// `o` (every listed owner appears, LEFT JOINed to its destinations), the member's key expression, and the
/// order (owner, then relationship order). Selects either owner and member keys
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
    /// What orders an owner's members (relationship order), after the owner's key: none for a to-one.
    private let memberOrder: [String]
    /// Whether no destination can be listed for two owners (a to-many whose inverse is a to-one).
    package let membersAreDistinct: Bool

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
        var from = "FROM \(dialect.quote(layout.table)) o"
        switch storage {
        case .foreignKey(let column, let table):
            destinationTable = table
            member = dialect.column("d", SQL.primaryKey)
            from += " LEFT JOIN \(dialect.quote(table)) d ON \(member) = \(dialect.column("o", column))"
            destinationJoin = ""
            memberOrder = []
            membersAreDistinct = false
        case .inverseForeignKey(let table, let column, let positionColumn):
            destinationTable = table
            member = dialect.column("d", SQL.primaryKey)
            var join = "\(dialect.column("d", column)) = \(owner)"
            if let codes = try schema.memberCodeList(of: destination) {
                join += " AND \(dialect.column("d", SQL.entityColumn)) IN (\(codes))"
            }
            from += " LEFT JOIN \(dialect.quote(table)) d ON \(join)"
            destinationJoin = ""
            memberOrder = Self.positionOrder(positionColumn.map { dialect.column("d", $0) }) + [member]
            membersAreDistinct = true
        case .link(let link, let side):
            destinationTable = link.memberTable(side)
            member = dialect.column("l", side.memberColumn)
            let position = dialect.column("l", side.positionColumn)
            from += " LEFT JOIN \(dialect.quote(link.name)) l ON \(dialect.column("l", side.ownerColumn)) = \(owner)"
            destinationJoin = " LEFT JOIN \(dialect.quote(destinationTable)) d ON \(dialect.column("d", SQL.primaryKey)) = \(member)"
            memberOrder = Self.positionOrder(position) + ["l.\(dialect.linkInsertionOrder)"]
            membersAreDistinct = false
        }
        self.from = from
    }

    /// Positions first in order, those without one (NULL) after them: integers `CASE WHEN … IS NULL THEN 1
    /// ELSE 0 END`, then the position.
    private static func positionOrder(_ position: String?) -> [String] {
        position.map { ["CASE WHEN \($0) IS NULL THEN 1 ELSE 0 END", $0] } ?? []
    }

    /// `ORDER BY owner, …`, or empty for a to-one (one row per owner).
    private var order: String {
        memberOrder.isEmpty ? "" : "ORDER BY " + ([Self.owner] + memberOrder).joined(separator: ", ")
    }

    /// How many integers ``unorderedIdsSQL`` and ``unorderedRowsSQL(_:)`` select after the owner's key to order
    /// each owner's members by (ascending, in turn).
    package var memberOrderCount: Int { memberOrder.count }

    /// `SELECT owner, member … ORDER BY …`; member NULL for an owner without destinations.
    package var idsSQL: String {
        "SELECT \(Self.owner), \(member) \(from) \(filter) \(order)"
    }

    /// `SELECT d.<select list>, owner … ORDER BY …`: the destination's row as ``RowReader`` reads it (all NULL
    /// for an owner without destinations), then the owner's key at ``SQLDialect/rowSelectWidth(of:)``.
    package func rowsSQL(_ table: TableLayout) -> String {
        "SELECT \(dialect.rowSelectList(of: table, alias: "d")), \(Self.owner) \(from)\(destinationJoin) \(filter) \(order)"
    }

    /// ``idsSQL`` in no order, each row followed by the ``memberOrderCount`` integers that order the
    /// owner's members: for a server, where sorting wide rows costs more than the client's sort of keys.
    package var unorderedIdsSQL: String {
        "SELECT \(([Self.owner, member] + memberOrder).joined(separator: ", ")) \(from) \(filter)"
    }

    /// ``rowsSQL(_:)`` in no order, the owner's key followed by the ``memberOrderCount`` integers that
    /// order the owner's members.
    package func unorderedRowsSQL(_ table: TableLayout) -> String {
        let tail = ([Self.owner] + memberOrder).joined(separator: ", ")
        return "SELECT \(dialect.rowSelectList(of: table, alias: "d")), \(tail) \(from)\(destinationJoin) \(filter)"
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
