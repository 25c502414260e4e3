import ObjectGraph

/// How one relationship is stored.
package enum RelationshipStorage: Sendable {
    /// A to-one: a foreign key column on the owner's table.
    case foreignKey(column: String, destinationTable: String)
    /// A to-many whose inverse is a to-one: the inverse's foreign key on the destination's table, and for
    /// an ordered relationship a position column next to it.
    case inverseForeignKey(destinationTable: String, column: String, positionColumn: String?)
    /// A many-to-many, or a to-many without inverse: rows of a link table.
    case link(LinkTable, side: LinkTable.Side)
}

/// A link table: columns `a` and `b` hold the keys of the two ends, `a_pos` the position of `b` among
/// `a`'s members and `b_pos` the reverse, for ordered relationships.
package struct LinkTable: Sendable {
    /// Which end of the link an owner is.
    package enum Side: Sendable {
        case a, b

        package var ownerColumn: String { self == .a ? "a" : "b" }
        package var memberColumn: String { self == .a ? "b" : "a" }
        package var positionColumn: String { self == .a ? "a_pos" : "b_pos" }
    }

    package let name: String
    /// The table of the `a` end's objects.
    package let aTable: String
    /// The table of the `b` end's objects.
    package let bTable: String

    package func memberTable(_ side: Side) -> String { side == .a ? bTable : aTable }
}

/// Where one entity's data lives in its hierarchy's table (a class: looked up for every row written).
package final class EntityLayout: Sendable {
    package let entity: EntityDescription
    /// The entity's code in the entity column.
    package let code: Int64
    /// The table (named after the root entity).
    package let table: String
    /// Column of each attribute; `nil` for transient ones.
    package let attributeColumns: [String?]
    /// How to read each attribute from a row of the table's select list; `nil` for transient ones.
    package let attributeReads: [ColumnRead?]
    /// Foreign key column of each to-one, aligned with `entity.toOneRelationshipIndices`.
    package let toOneColumns: [String]
    /// Position of each to-one's column in the table's select list.
    package let toOneSelectIndices: [Int32]
    /// The table of each to-one's destination.
    package let toOneDestinationTables: [String]
    /// Storage of each relationship, aligned with `entity.relationships`.
    package let relationships: [RelationshipStorage]

    package init(entity: EntityDescription, code: Int64, table: String, attributeColumns: [String?], attributeReads: [ColumnRead?],
         toOneColumns: [String], toOneSelectIndices: [Int32], toOneDestinationTables: [String], relationships: [RelationshipStorage]) {
        self.entity = entity
        self.code = code
        self.table = table
        self.attributeColumns = attributeColumns
        self.attributeReads = attributeReads
        self.toOneColumns = toOneColumns
        self.toOneSelectIndices = toOneSelectIndices
        self.toOneDestinationTables = toOneDestinationTables
        self.relationships = relationships
    }
}

/// One table per root entity: `_pk`, `_entity`, then a column per stored property of every entity of
/// the hierarchy.
/// How to read one attribute from a row: its position in the select list, its type, and whether the
/// column may hold NULL (a NOT NULL column needs no check).
package struct ColumnRead: Sendable {
    package let index: Int32
    package let type: AttributeType
    package let isNullable: Bool

    /// Reads column `index` as a value of `type`, `NULL` allowed when `isNullable`.
    package init(index: Int32, type: AttributeType, isNullable: Bool) {
        self.index = index
        self.type = type
        self.isNullable = isNullable
    }
}

package struct TableLayout: Sendable {
    package let name: String
    package let columns: [ColumnDefinition]
    /// Codes of the entities stored in the table.
    package let entityCodes: [Int64]

    /// `alias."_pk", alias."_entity", alias."column", …`: the select list the layouts' indices refer to.
    package func selectList(alias: String, in dialect: SQLDialect) -> String {
        ([SQL.primaryKey, SQL.entityColumn] + columns.map(\.name)).map { dialect.column(alias, $0) }.joined(separator: ", ")
    }

    /// The select list position of `column`.
    package func selectIndex(of column: String) -> Int32? {
        columns.firstIndex { $0.name == column }.map { Int32($0 + 2) }
    }
}

/// A UNIQUE index created for one uniqueness constraint.
package struct UniqueIndex: Sendable {
    package let name: String
    package let table: String
    package let entity: EntityDescription
    /// The constraint's property names, as the model lists them.
    package let properties: [String]
    package let columns: [String]
    /// Codes of the entities the constraint covers, when not the whole table.
    package let partialCodes: [Int64]?
}

/// A column of a plain index, in ascending or descending order.
package struct IndexedColumn: Sendable, Hashable {
    package let name: String
    package var ascending = true
}
