#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// What a save deletes and updates in one table, rows in key order, and which of the table's rows it locks.
///
/// A save takes every row lock in one global order, (table, key): it goes through the tables it changes or
/// locks rows of in name order and locks each table's rows in key order (one statement, or each batch of
/// the table's one update group as it updates them), updating them as it goes; its deletes, inserts and
/// to-many changes come after every table's locks are held, and so do the `ON DELETE` actions of the
/// deletes and the foreign key checks at commit, which find their rows locked (``TableLocks``). So two
/// concurrent saves touching the same rows wait for each other in turn, never in a cycle (a deadlock,
/// 40P01), whatever tables they change and whether they delete, update, reorder or link.
struct TableChanges {
    let table: String
    /// The table's deletes, in key order.
    private(set) var deleted: [(key: Int64, object: DeletedObject)] = []
    /// The table's update groups, in order of first appearance, each with its members in key order.
    private(set) var updated: [(group: UpdateGroup, members: [(key: Int64, update: UpdatedObject)])] = []
    /// The table's other rows to lock.
    private(set) var locks: TableLocks?

    /// `deleted` and `updated` by table, with the other locks of `changes` (of which they are part), tables in name order.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for an entity, attribute or relationship the
    ///   schema does not have, or an object without a key.
    static func byTable(_ changes: ChangeSet, schema: StoreSchema, keys: KeyAssignment) throws -> [TableChanges] {
        var tables: [String: TableChanges] = [:]
        for object in changes.deleted {
            let table = try schema.layout(of: object.entityName).table
            tables[table, default: TableChanges(table: table)].deleted.append((try keys.key(of: object.id), object))
        }
        for group in try UpdateGroup.grouping(changes.updated, schema: schema) {
            var members = try group.members.map { (key: try keys.key(of: $0.id), update: $0) }
            members.sortByKey(\.key)
            tables[group.layout.table, default: TableChanges(table: group.layout.table)].updated.append((group, members))
        }
        for table in tables.keys { tables[table]?.deleted.sortByKey(\.key) }
        let deletedKeys = tables.compactMapValues { $0.deleted.isEmpty ? nil : $0.deleted.map(\.key) }
        for (table, locks) in try TableLocks.byTable(changes, deleted: deletedKeys, schema: schema) {
            tables[table, default: TableChanges(table: table)].locks = locks
        }
        return tables.values.sorted { $0.table < $1.table }
    }

    /// Whether each batch of the table's updates locks its own rows, in its `UPDATE` (one round trip): the
    /// table's only changes are the updates of one group, whose batches go in key order, and no other row
    /// of it is locked.
    var batchesLockTheirRows: Bool {
        deleted.isEmpty && updated.count == 1 && (locks?.isCovered(byUpdatesOf: updated[0].members.map(\.key)) ?? true)
    }

    /// The keys one statement must lock in key order, and its mode, before the table's rows change: `nil`
    /// when the table's updates lock their rows in key order themselves (``batchesLockTheirRows``, or one
    /// updated row and nothing else).
    var lockFirst: (keys: [Int64], mode: RowLockMode)? {
        guard !batchesLockTheirRows else { return nil }
        var keys = deleted.map(\.key) + updated.flatMap { $0.members.map(\.key) } + (locks?.keys ?? [])
        keys.sort()
        keys.removeAdjacentDuplicates()
        var mode = locks?.mode ?? .keyShare
        if !updated.isEmpty { mode = max(mode, .noKeyUpdate) }
        if !deleted.isEmpty { mode = .update }
        let needsStatement = !deleted.isEmpty || keys.count > 1 || !(locks?.referencing.isEmpty ?? true)
            || (updated.isEmpty && !keys.isEmpty)
        return needsStatement ? (keys, mode) : nil
    }
}

extension Array {
    /// Sorts the elements by `key`, in place; elements that already come in key order (keyed updates
    /// usually do) are left as they are after one pass of comparisons, without sorting.
    mutating func sortByKey(_ key: (Element) -> Int64) {
        guard count > 1, indices.dropFirst().contains(where: { key(self[$0 - 1]) > key(self[$0]) }) else { return }
        sort { key($0) < key($1) }
    }
}

extension Array where Element: Equatable {
    /// Removes every element equal to the one before it (in a sorted array: the duplicates).
    mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
#endif
