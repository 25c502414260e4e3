import ObjectGraph
import ObjectGraphSQL

/// Where one column of a migrated row comes from, as SQL over the old row (alias `o`).
enum ColumnSource: Equatable {
    /// The old row's column, unchanged.
    case column(String)
    /// An expression with `?` parameters.
    case expression(String, [AttributeValue])
    /// A constant (a default, or NULL).
    case constant(AttributeValue)

    /// The SQL text and its parameters.
    var sql: (text: String, parameters: [AttributeValue]) {
        switch self {
        case .column(let name): (SQL.column("o", name), [])
        case .expression(let text, let parameters): (text, parameters)
        case .constant(let value): ("?", [value])
        }
    }
}

/// The rows of one entity of the newer version, copied from the rows of its entity in the older version.
struct EntityCopy {
    let newLayout: EntityLayout
    let oldLayout: EntityLayout
    /// Each column of the new row and its source; columns not listed are NULL.
    var columns: [(name: String, source: ColumnSource)] = []
    /// Columns holding values of an old scalar type that become text after the copy.
    var textConversions: [(column: String, from: AttributeType)] = []
    /// Required columns the copy may leave NULL (a custom step must fill them), with their attribute.
    var mayBeNull: [(column: String, attribute: String)] = []
    /// Queries finding an old object with more than one destination of a to-many that becomes a to-one:
    /// each returns the owner's key and the count.
    var cardinalityChecks: [(step: String, sql: String)] = []

    func source(of column: String) -> ColumnSource? {
        columns.first { $0.name == column }?.source
    }
}

/// The rows of one link table of the newer version, from the older version's storage of the relationship.
struct LinkCopy {
    let link: LinkTable
    /// `INSERT INTO link … SELECT …` reading the old tables (their names at copy time), or `nil` when the
    /// relationship is new (the link table starts empty).
    let sql: String?
    /// The old link table this one keeps unchanged, when it can stay in place.
    let unchangedOldLink: String?
}
