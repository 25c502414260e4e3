import ObjectGraph

/// The store ID of each cache row: per root entity, an array indexed by the row's integer key (the
/// cache is a SQLite store, whose keys are rowids). Translating the rows of a fetch reads one array per
/// row instead of hashing each cache ID (``table(of:)``).
struct StoreIDsByRow {
    private var tables: [String: [AnyObjectID?]] = [:]

    /// The store ID of the cache row `row`, or `nil`.
    subscript(row: AnyObjectID) -> AnyObjectID? {
        get {
            guard case .integer(let key) = row.key, let table = tables[row.entityName], table.indices.contains(Int(key)) else { return nil }
            return table[Int(key)]
        }
        set {
            guard case .integer(let key) = row.key, key >= 0 else { return }
            let slot = Int(key)
            var table = tables.removeValue(forKey: row.entityName) ?? []
            if slot >= table.count {
                if newValue != nil { table += repeatElement(nil, count: slot - table.count + 1) }
            }
            if table.indices.contains(slot) { table[slot] = newValue }
            tables[row.entityName] = table
        }
    }

    /// The store IDs of the rows of root entity `root`, by integer key: `table[key]`.
    func table(of root: String) -> [AnyObjectID?] {
        tables[root] ?? []
    }
}

extension Array where Element == AnyObjectID? {
    /// The store ID of the cache row `row` in this ``StoreIDsByRow/table(of:)``, or `nil`.
    func storeID(ofRow row: AnyObjectID) -> AnyObjectID? {
        guard case .integer(let key) = row.key, indices.contains(Int(key)) else { return nil }
        return self[Int(key)]
    }
}
