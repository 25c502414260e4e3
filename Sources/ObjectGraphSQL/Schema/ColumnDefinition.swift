import ObjectGraph

/// What a column holds; ``SQLDialect/columnType(_:)`` names its SQL type.
package enum ColumnType: Sendable, Hashable {
    /// A foreign key: the `_pk` of a row of the table `referencing`.
    case key(referencing: String)
    /// The position of a member in an ordered to-many.
    case position
    /// An attribute's values.
    case attribute(AttributeType)
}

/// One column of an entity table.
package struct ColumnDefinition: Sendable {
    /// The column's name.
    package let name: String
    /// What it holds.
    package let type: ColumnType
    /// Whether it is NOT NULL.
    package let isRequired: Bool
}

/// Hands out column names for one table: one column per declaration, the declared name when free and
/// `Entity_name` when another declaration took it. Names are compared without case, as SQLite compares
/// column names (`type` and `Type` are two attributes of a model but would be one column).
package struct ColumnAllocator {
    private(set) var columns: [ColumnDefinition] = []
    private var byKey: [String: String] = [:]
    private var taken = SQLNameSet([SQL.primaryKey, SQL.entityColumn])

    /// The column for the declaration `key`, created on first request.
    package mutating func column(key: String, preferred: String, owner: String, type: ColumnType, isRequired: Bool = false) -> String {
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

/// SQL names in use, compared without case (SQLite's rule for table, column and index names).
package struct SQLNameSet: Sendable {
    private var lowercased: Set<String>

    /// A set holding `names`.
    package init(_ names: [String] = []) {
        lowercased = Set(names.map { $0.lowercased() })
    }

    /// Whether `name`, in any case, is in use.
    package func contains(_ name: String) -> Bool {
        lowercased.contains(name.lowercased())
    }

    /// Records `name` as in use.
    package mutating func insert(_ name: String) {
        lowercased.insert(name.lowercased())
    }

    /// `preferred`, or `preferred_2`, `preferred_3`, … when it is in use; recorded as in use.
    package mutating func claim(_ preferred: String) -> String {
        var name = preferred
        var suffix = 2
        while contains(name) {
            name = "\(preferred)_\(suffix)"
            suffix += 1
        }
        insert(name)
        return name
    }
}
