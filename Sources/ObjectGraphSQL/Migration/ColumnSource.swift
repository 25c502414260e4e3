import ObjectGraph

/// Where one column of a migrated row comes from, as SQL over the old row (alias `o`).
package enum ColumnSource: Equatable, Sendable {
    /// The old row's column, unchanged.
    case column(String)
    /// The old row's column, its NULLs replaced by a value (a `makeAttributeRequired` fill).
    case filled(String, AttributeValue)
    /// The old row's integer column as text (`CAST … AS TEXT`, which writes integers as Swift does).
    case text(String)
    /// An expression with `?` parameters.
    case expression(String, [AttributeValue])
    /// A constant (a default, or NULL).
    case constant(AttributeValue)

    /// The SQL text in `dialect` and its parameters.
    package func sql(in dialect: SQLDialect) -> (text: String, parameters: [AttributeValue]) {
        switch self {
        case .column(let name): (dialect.column("o", name), [])
        case .filled(let name, let value): ("COALESCE(\(dialect.column("o", name)), ?)", [value])
        case .text(let name): ("CAST(\(dialect.column("o", name)) AS TEXT)", [])
        case .expression(let text, let parameters): (text, parameters)
        case .constant(.null): ("NULL", [])
        case .constant(let value): ("?", [value])
        }
    }
}

/// The rows of one entity of the newer version, copied from the rows of its entity in the older version.
package struct EntityCopy: Sendable {
    package let newLayout: EntityLayout
    package let oldLayout: EntityLayout
    /// Each column of the new row and its source; columns not listed are NULL.
    package var columns: [(name: String, source: ColumnSource)] = []
    /// Columns holding values of an old scalar type that become text (``TextConversion``): the new
    /// column, the old one and the old type.
    package var textConversions: [(column: String, oldColumn: String, from: AttributeType)] = []
    /// Required columns the copy may leave NULL (a custom step must fill them), with their attribute.
    package var mayBeNull: [(column: String, attribute: String)] = []
    /// Queries finding an old object with more than one destination of a to-many that becomes a to-one:
    /// each returns the owner's key and the count.
    package var cardinalityChecks: [(step: String, sql: String)] = []

    /// The source of the new row's `column`, if it has one.
    package func source(of column: String) -> ColumnSource? {
        columns.first { $0.name == column }?.source
    }
}

/// The rows of one link table of the newer version, from the older version's storage of the relationship.
package struct LinkCopy: Sendable {
    package let link: LinkTable
    /// `INSERT INTO link … SELECT …` reading the old tables (their names at copy time), or `nil` when the
    /// relationship is new (the link table starts empty).
    package let sql: String?
    /// The old link table this one keeps unchanged, when it can stay in place.
    package let unchangedOldLink: String?
}
