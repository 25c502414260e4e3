import ObjectGraph

/// Writes one ``ChangeSet`` inside an open transaction: keys, inserts, updates, to-many changes, deletes.
struct SaveWriter {
    let connection: Connection
    let schema: StoreSchema
    /// Temporary keys of this save's inserts to their permanent keys, to resolve references to them.
    private var mapping = TemporaryKeyMap([])
    /// The permanent ID of each inserted object, in change set order.
    private var permanentIDs: [AnyObjectID] = []
    /// The permanent key of each inserted object, in change set order.
    private(set) var insertedKeys: [Int64] = []
    var lastUpdate: (entity: String, attributes: [Int], toOnes: [Int], statement: Statement)?

    init(connection: Connection, schema: StoreSchema) {
        self.connection = connection
        self.schema = schema
    }

    /// Deleted rows go first and updates run before inserts, so values they free can be taken by new
    /// objects of the same save (the runtime checks uniqueness on the saved result; the schema has no
    /// foreign key constraints, so the order is free otherwise). Link rows of deleted objects go last,
    /// after the to-many changes that might still name them.
    /// Returns the permanent IDs of the inserted objects, in change set order.
    mutating func apply(_ changes: ChangeSet) throws -> [AnyObjectID] {
        try allocateKeys(for: changes.inserted)
        for deleted in changes.deleted { try delete(deleted) }
        try parkUniqueValues(of: changes.updated)
        for updated in changes.updated { try update(updated) }
        try insert(changes.inserted)
        for change in changes.toManyChanges { try apply(change) }
        for deleted in changes.deleted { try unlink(deleted) }
        return permanentIDs
    }

    /// Permanent keys continue each table's sequence, which never goes back, so keys are never reused.
    private mutating func allocateKeys(for inserted: [Snapshot]) throws {
        guard !inserted.isEmpty else { return }
        // The tables the inserts go to, each insert's position in that list, and the count per table.
        var tables: [String] = []
        var counts: [Int64] = []
        var tableSlots: [Int] = []
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
        let read = try connection.statement("SELECT \"last\" FROM \(SQL.quote(StoreSchema.sequenceTable)) WHERE \"table\" = ?")
        let write = try connection.statement("UPDATE \(SQL.quote(StoreSchema.sequenceTable)) SET \"last\" = ? WHERE \"table\" = ?")
        var next: [Int64] = []
        for (table, count) in zip(tables, counts) {
            read.bind(table, at: 1)
            let last = try read.step() ? read.int64(0) : 0
            read.reset()
            next.append(last + 1)
            write.bind(last + count, at: 1)
            write.bind(table, at: 2)
            try write.run()
        }
        var pairs: [(temporary: UInt64, key: Int64)] = []
        pairs.reserveCapacity(inserted.count)
        permanentIDs.reserveCapacity(inserted.count)
        insertedKeys.reserveCapacity(inserted.count)
        for (index, slot) in zip(inserted.indices, tableSlots) {
            let key = next[slot]
            next[slot] = key + 1
            if case .temporary(let temporary) = inserted[index].id.key { pairs.append((temporary, key)) }
            permanentIDs.append(AnyObjectID(entityName: tables[slot], key: .integer(key)))
            insertedKeys.append(key)
        }
        mapping = TemporaryKeyMap(pairs)
    }

    /// The integer key of `id`, after mapping a temporary ID inserted by this save.
    func key(of id: AnyObjectID) throws -> Int64 {
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
