import ObjectGraph
import ObjectGraphSQL

/// Writes one ``ChangeSet`` inside an open transaction: keys, inserts, updates, to-many changes, deletes.
struct SaveWriter {
    let connection: Connection
    let schema: StoreSchema
    /// The keys of this save's inserts, and the keys of the objects it names.
    private(set) var keys = KeyAssignment()
    /// The permanent key of each inserted object, in change set order.
    var insertedKeys: [Int64] { keys.insertedKeys }
    /// The statements of the last update, reused while consecutive updates fit its shape.
    var lastUpdate: PreparedUpdate?

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
        let deletedKeys = try keysByTable(of: changes.deleted)
        try delete(changes.deleted, byTable: deletedKeys)
        try parkUniqueValues(of: changes.updated)
        try update(changes.updated)
        try insert(changes.inserted)
        for change in changes.toManyChanges { try apply(change) }
        try unlink(deletedKeys)
        return keys.permanentIDs
    }

    /// Permanent keys continue each table's sequence, which never goes back, so keys are never reused.
    private mutating func allocateKeys(for inserted: [Snapshot]) throws {
        guard !inserted.isEmpty else { return }
        let plan = try InsertPlan(inserted, schema: schema)
        let read = try connection.statement("SELECT \"last\" FROM \(SQL.quote(StoreSchema.sequenceTable)) WHERE \"table\" = ?")
        let write = try connection.statement("UPDATE \(SQL.quote(StoreSchema.sequenceTable)) SET \"last\" = ? WHERE \"table\" = ?")
        var next: [Int64] = []
        for (table, count) in zip(plan.tables, plan.counts) {
            read.bind(table, at: 1)
            let last = try read.step() ? read.int64(0) : 0
            read.reset()
            next.append(last + 1)
            write.bind(last + count, at: 1)
            write.bind(table, at: 2)
            try write.run()
        }
        keys = KeyAssignment(plan: plan, inserted: inserted, firstKeys: next)
    }

    /// The integer key of `id`, after mapping a temporary ID inserted by this save.
    func key(of id: AnyObjectID) throws -> Int64 {
        try keys.key(of: id)
    }
}
