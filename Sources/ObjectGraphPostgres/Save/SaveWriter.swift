#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// Writes one ``ChangeSet`` inside an open transaction: keys, then every row lock in the save's one order
/// with the updates (``TableChanges``), deletes, inserts, to-many changes.
/// Inserts, updates and deletes go in batches, one array argument per column (``WriteSQL/insertFromArrays(_:)``,
/// ``WriteSQL/deleteFromArrays(table:)``), so each statement's text depends on the entity and columns only,
/// not on the number of rows.
///
/// Every update adds 1 to the row's version; an update or delete that carries the version its context read
/// matches the row only at that version. Rows that do not match are conflicts: after every delete and
/// update ran, the writer reads their stored state and throws ``ObjectGraphError/storeConflicts(_:)``
/// (the caller rolls the transaction back). Under READ COMMITTED an update waits for a concurrent
/// transaction holding the row and then re-checks the version it committed.
///
/// Uniqueness constraints and foreign keys are checked at commit (they are `DEFERRABLE INITIALLY
/// DEFERRED`), so the order of rows within a save is free and values can move between objects.
struct SaveWriter {
    /// The most rows one `INSERT`, `UPDATE` or `DELETE` carries, as arrays of one argument per column.
    static let rowsPerBatch = 5_000

    let connection: PostgresConnection
    let schema: StoreSchema
    private(set) var keys = KeyAssignment()

    init(connection: PostgresConnection, schema: StoreSchema) {
        self.connection = connection
        self.schema = schema
    }

    /// Applies `changes`; returns the permanent IDs of the inserted objects, in change set order.
    mutating func apply(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        try await allocateKeys(for: changes.inserted)
        let (deleted, updated) = try await changeExistingRows(changes)
        let conflicts = deleted.map {
            StoreConflict(id: $0.id, entityName: $0.entityName, isDeletion: true, readVersion: $0.readVersion, stored: nil)
        } + updated.map {
            StoreConflict(id: $0.id, entityName: $0.entityName, isDeletion: false, readVersion: $0.readVersion, stored: nil)
        }
        if !conflicts.isEmpty { throw try await describe(conflicts) }
        try await insert(changes.inserted)
        try await apply(changes.toManyChanges)
        return keys.permanentIDs
    }

    /// Takes as many keys from each table's sequence as the save inserts into it, all in one statement
    /// (one array of keys per table).
    private mutating func allocateKeys(for inserted: [Snapshot]) async throws {
        let plan = try InsertPlan(inserted, schema: schema)
        var blocks: [[Int64]] = []
        if !plan.tables.isEmpty { blocks = try await takeKeys(plan) }
        keys = KeyAssignment(plan: plan, inserted: inserted, keysByTable: blocks)
    }

    /// Takes `plan`'s counts of keys from its tables' sequences: one array per table.
    private func takeKeys(_ plan: InsertPlan) async throws -> [[Int64]] {
        var arguments: [AttributeValue] = []
        var arrays: [String] = []
        for (table, count) in zip(plan.tables, plan.counts) {
            arguments += [.string(SQL.quote(StoreSchema.keySequence(of: table))), .integer(count)]
            arrays.append("ARRAY(SELECT nextval($\(arguments.count - 1)::regclass) FROM generate_series(1, $\(arguments.count)))")
        }
        var blocks: [[Int64]] = []
        try await connection.run("SELECT " + arrays.joined(separator: ", "), arguments) { row in
            blocks = try plan.tables.indices.map { try row[$0].decode([Int64].self) }
        }
        guard blocks.count == plan.tables.count else {
            throw ObjectGraphError.inconsistentData("the key sequences gave no keys for \(plan.tables.joined(separator: ", "))")
        }
        for (table, (count, block)) in zip(plan.tables, zip(plan.counts, blocks)) where block.count != count {
            throw ObjectGraphError.inconsistentData("the sequence of \(table) gave \(block.count) keys for \(count) inserts")
        }
        return blocks
    }

    /// `conflicts` with the stored state of their objects, as the error to throw.
    private func describe(_ conflicts: [StoreConflict]) async throws -> ObjectGraphError {
        let stored = try await PostgresStore.snapshots(for: conflicts.map(\.id), schema: schema, on: connection)
        var byID: [AnyObjectID: Snapshot] = [:]
        for snapshot in stored { byID[snapshot.id] = snapshot }
        return .storeConflicts(conflicts.map { conflict in
            var conflict = conflict
            conflict.stored = byID[conflict.id]
            return conflict
        })
    }
}
#endif
