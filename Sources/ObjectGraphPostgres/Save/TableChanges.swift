#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// What a save deletes and updates in one table, rows in key order. A save changes its tables in name
/// order and the rows of each in key order, and locks each row before or as it first changes it, so every
/// save takes its row locks in one global order, (table, key): two concurrent saves changing the same rows
/// wait for each other in turn, never in a cycle (a deadlock, 40P01), whatever tables they change and
/// whether they delete or update.
struct TableChanges {
    let table: String
    /// The table's deletes, in key order.
    private(set) var deleted: [(key: Int64, object: DeletedObject)] = []
    /// The table's update groups, in order of first appearance, each with its members in key order.
    private(set) var updated: [(group: UpdateGroup, members: [(key: Int64, update: UpdatedObject)])] = []

    /// `deleted` and `updated` by table, tables in name order.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for an entity, attribute or to-one the schema
    ///   does not have, or an object without a key.
    static func byTable(deleted: [DeletedObject], updated: [UpdatedObject], schema: StoreSchema, keys: KeyAssignment) throws -> [TableChanges] {
        var tables: [String: TableChanges] = [:]
        for object in deleted {
            let table = try schema.layout(of: object.entityName).table
            tables[table, default: TableChanges(table: table)].deleted.append((try keys.key(of: object.id), object))
        }
        for group in try UpdateGroup.grouping(updated, schema: schema) {
            let members = try group.members.map { (key: try keys.key(of: $0.id), update: $0) }.sorted { $0.key < $1.key }
            tables[group.layout.table, default: TableChanges(table: group.layout.table)].updated.append((group, members))
        }
        return tables.values.sorted { $0.table < $1.table }.map { changes in
            var changes = changes
            changes.deleted.sort { $0.key < $1.key }
            return changes
        }
    }

    /// Whether each batch of the table's updates locks its own rows, in its `UPDATE` (one round trip): the
    /// table's only changes are the updates of one group, whose batches go in key order.
    var batchesLockTheirRows: Bool { deleted.isEmpty && updated.count == 1 }

    /// The keys one statement must lock, in key order, before the table's rows change: none when the
    /// changes themselves lock in key order (only deletes, each locking its row as it goes, or
    /// ``batchesLockTheirRows``) or when they change one row; all the table's changed rows otherwise.
    var keysToLockFirst: [Int64] {
        guard !updated.isEmpty, !batchesLockTheirRows else { return [] }
        let keys = (deleted.map(\.key) + updated.flatMap { $0.members.map(\.key) }).sorted()
        return keys.count > 1 ? keys : []
    }
}
#endif
