import ObjectGraph

/// SQLite's storage classes as column types.
enum ColumnType: String, Sendable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case blob = "BLOB"

    /// The column type storing values of `type` (see ``Statement`` for the storage forms).
    init(_ type: AttributeType) {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: self = .integer
        case .double, .float, .date: self = .real
        case .string, .uri, .decimal: self = .text
        case .binary, .uuid, .transformable, .composite, .undefined: self = .blob
        }
    }
}

/// One column of an entity table.
struct ColumnDefinition: Sendable {
    let name: String
    let type: ColumnType
    let isRequired: Bool
}

/// Hands out column names for one table: one column per declaration, the declared name when free and
/// `Entity_name` when another declaration took it.
struct ColumnAllocator {
    private(set) var columns: [ColumnDefinition] = []
    private var byKey: [String: String] = [:]
    private var taken: Set<String> = [SQL.primaryKey, SQL.entityColumn]

    /// The column for the declaration `key`, created on first request.
    mutating func column(key: String, preferred: String, owner: String, type: ColumnType, isRequired: Bool = false) -> String {
        if let name = byKey[key] { return name }
        var name = taken.contains(preferred) ? "\(owner)_\(preferred)" : preferred
        var suffix = 2
        while taken.contains(name) {
            name = "\(owner)_\(preferred)_\(suffix)"
            suffix += 1
        }
        taken.insert(name)
        byKey[key] = name
        columns.append(ColumnDefinition(name: name, type: type, isRequired: isRequired))
        return name
    }
}
