import ObjectGraph

/// The tables a save's inserts go to, how many rows each gets, and the inserts grouped by entity: what a
/// store needs to take keys for them in one step per table and to batch their rows.
package struct InsertPlan {
    /// The tables, in order of first insert.
    package private(set) var tables: [String] = []
    /// The number of inserts per table.
    package private(set) var counts: [Int64] = []
    /// For each insert, the position of its table in ``tables``.
    package private(set) var tableSlots: [Int] = []

    /// The plan of `inserted`.
    package init(_ inserted: [Snapshot], schema: StoreSchema) throws {
        tableSlots.reserveCapacity(inserted.count)
        var last: (entityName: String, slot: Int)?
        for index in inserted.indices {
            let entityName = inserted[index].entityName
            let slot: Int
            if let last, last.entityName == entityName {
                slot = last.slot
            } else {
                let table = try schema.layout(of: entityName).table
                slot = tables.firstIndex(of: table) ?? tables.count
                if slot == tables.count {
                    tables.append(table)
                    counts.append(0)
                }
                last = (entityName, slot)
            }
            tableSlots.append(slot)
            counts[slot] += 1
        }
    }

    /// The positions of `inserted` grouped by entity, entities in order of first appearance.
    package static func indicesByEntity(_ inserted: [Snapshot]) -> [(entityName: String, indices: [Int])] {
        var groups: [(entityName: String, indices: [Int])] = []
        var runStart = inserted.startIndex
        while runStart < inserted.endIndex {
            let entityName = inserted[runStart].entityName
            var runEnd = runStart + 1
            while runEnd < inserted.endIndex, inserted[runEnd].entityName == entityName { runEnd += 1 }
            if let group = groups.firstIndex(where: { $0.entityName == entityName }) {
                groups[group].indices.append(contentsOf: runStart..<runEnd)
            } else {
                groups.append((entityName, Array(runStart..<runEnd)))
            }
            runStart = runEnd
        }
        return groups
    }
}

/// The permanent keys a save gave its inserts, and the keys of every object the save names.
package struct KeyAssignment {
    /// Temporary keys of this save's inserts to their permanent keys, to resolve references to them.
    private var mapping = TemporaryKeyMap([])
    /// The permanent ID of each inserted object, in change set order.
    package private(set) var permanentIDs: [AnyObjectID] = []
    /// The permanent key of each inserted object, in change set order.
    package private(set) var insertedKeys: [Int64] = []

    /// No inserts.
    package init() {}

    /// Gives the inserts of `plan` the keys of their tables in order: `firstKeys[slot]` and the ones after it.
    package init(plan: InsertPlan, inserted: [Snapshot], firstKeys: [Int64]) {
        var next = firstKeys
        self.init(plan: plan, inserted: inserted) { slot in
            defer { next[slot] += 1 }
            return next[slot]
        }
    }

    /// Gives the inserts of `plan` the keys of their tables in order: `keysByTable[slot]`, one each.
    package init(plan: InsertPlan, inserted: [Snapshot], keysByTable: [[Int64]]) {
        var used = [Int](repeating: 0, count: keysByTable.count)
        self.init(plan: plan, inserted: inserted) { slot in
            defer { used[slot] += 1 }
            return keysByTable[slot][used[slot]]
        }
    }

    private init(plan: InsertPlan, inserted: [Snapshot], nextKey: (Int) -> Int64) {
        var pairs: [(temporary: UInt64, key: Int64)] = []
        pairs.reserveCapacity(inserted.count)
        permanentIDs.reserveCapacity(inserted.count)
        insertedKeys.reserveCapacity(inserted.count)
        for (index, slot) in zip(inserted.indices, plan.tableSlots) {
            let key = nextKey(slot)
            if case .temporary(let temporary) = inserted[index].id.key { pairs.append((temporary, key)) }
            permanentIDs.append(AnyObjectID(entityName: plan.tables[slot], key: .integer(key)))
            insertedKeys.append(key)
        }
        mapping = TemporaryKeyMap(pairs)
    }

    /// The integer key of `id`, after mapping a temporary ID inserted by this save.
    package func key(of id: AnyObjectID) throws -> Int64 {
        switch id.key {
        case .integer(let key): return key
        case .temporary(let temporary):
            guard let key = mapping[temporary] else {
                throw ObjectGraphError.inconsistentData("\(id) is temporary but not inserted by this save")
            }
            return key
        case .string: throw ObjectGraphError.objectNotFound(id)
        }
    }
}
