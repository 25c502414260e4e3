#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// The existing rows of one table that a save locks besides those it deletes and updates, so that every
/// row lock of the save comes in its one order, (table, key) (see ``TableChanges``), before any statement
/// or server action takes it otherwise: the owner of an ordered to-many it appends to or orders (in the
/// mode of an update, so two such saves of one owner's list take turns: the second reads the list's
/// positions after the first committed), and, for an ordered many-to-many, each member whose inverse is
/// ordered too; the members of an ordered one-to-many whose positions it sets (all the owner's members
/// when it orders them), the link rows it removes or places (all the owner's when it orders them), the rows an `ON DELETE` action of its deletes changes (`SET NULL` of the
/// keys naming a deleted row, `CASCADE` of its link rows), and the rows whose keys it stores, which the
/// deferred foreign key checks lock `FOR KEY SHARE` at commit. All of a table's rows are locked in the
/// strongest mode any of them needs, so no later statement of the save waits to strengthen a lock.
struct TableLocks {
    let table: String
    /// The link table, when `table` is one.
    let link: LinkTable?
    private(set) var mode = RowLockMode.keyShare
    /// The keys of the rows to lock (an entity table).
    private(set) var keys: [Int64] = []
    /// The `a` and `b` keys of the rows to lock (a link table).
    private(set) var links: [(a: Int64, b: Int64)] = []
    /// Key columns of the table with keys whose holding rows are locked too: the deleted keys whose rows'
    /// `ON DELETE` action changes the rows holding them, and the owners of the ordered to-manys the save
    /// orders (every member's position may change).
    private(set) var referencing: [(column: String, keys: [Int64])] = []

    /// The locks `changes` needs beyond its deletes and updates, by table; `deleted`: the keys the save
    /// deletes, by table.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for a relationship the schema does not have.
    static func byTable(_ changes: ChangeSet, deleted: [String: [Int64]], schema: StoreSchema) throws -> [String: TableLocks] {
        var locks: [String: TableLocks] = [:]
        func lock(_ id: AnyObjectID?, in table: String, _ mode: RowLockMode) {
            guard let id, case .integer(let key) = id.key else { return }
            locks[table, default: TableLocks(table: table, link: nil)].add(key, mode)
        }
        for snapshot in changes.inserted where snapshot.toOneIDs.contains(where: { $0?.isTemporary == false }) {
            let layout = try schema.layout(of: snapshot.entityName)
            for (destination, table) in zip(snapshot.toOneIDs, layout.toOneDestinationTables) { lock(destination, in: table, .keyShare) }
        }
        for updated in changes.updated where !updated.toOnes.isEmpty {
            let layout = try schema.layout(of: updated.entityName)
            for change in updated.toOnes {
                guard layout.relationships.indices.contains(change.relationshipIndex),
                      case .foreignKey(_, let table) = layout.relationships[change.relationshipIndex] else { continue }
                lock(change.destination, in: table, .keyShare)
            }
        }
        for change in changes.toManyChanges {
            let (layout, storage) = try schema.storage(of: change)
            switch storage {
            case .foreignKey:
                continue
            case .inverseForeignKey(let table, let column, let positionColumn):
                guard positionColumn != nil, !change.added.isEmpty || change.orderedIDs != nil else { continue }
                lock(change.ownerID, in: layout.table, .noKeyUpdate)
                for member in change.added + (change.orderedIDs ?? []) { lock(member, in: table, .noKeyUpdate) }
                if change.orderedIDs != nil, case .integer(let owner) = change.ownerID.key {
                    locks[table, default: TableLocks(table: table, link: nil)].reference(column, [owner], .noKeyUpdate)
                }
            case .link(let link, let side):
                let added = change.added + (change.orderedIDs ?? [])
                let relationship = layout.entity.relationships[change.relationshipIndex]
                if !added.isEmpty || (relationship.isOrdered && change.orderedIDs != nil) {
                    lock(change.ownerID, in: layout.table, relationship.isOrdered ? .noKeyUpdate : .keyShare)
                    let memberMode: RowLockMode = try schema.isOrdered(inverseOf: relationship) ? .noKeyUpdate : .keyShare
                    for member in added { lock(member, in: link.memberTable(side), memberMode) }
                }
                guard case .integer(let owner) = change.ownerID.key else { continue }
                if change.orderedIDs != nil {
                    locks[link.name, default: TableLocks(table: link.name, link: link)].reference(side.ownerColumn, [owner], .update)
                }
                for member in change.removed + (change.orderedIDs ?? []) {
                    guard case .integer(let member) = member.key else { continue }
                    locks[link.name, default: TableLocks(table: link.name, link: link)].links.append(side == .a ? (owner, member) : (member, owner))
                }
            }
        }
        for (table, keys) in deleted {
            for layout in schema.tables {
                for column in layout.columns where column.type == .key(referencing: table) {
                    locks[layout.name, default: TableLocks(table: layout.name, link: nil)].reference(column.name, keys, .noKeyUpdate)
                }
            }
            for link in schema.links where link.aTable == table || link.bTable == table {
                for side in [LinkTable.Side.a, .b] where (side == .a ? link.aTable : link.bTable) == table {
                    locks[link.name, default: TableLocks(table: link.name, link: link)].reference(side.ownerColumn, keys, .update)
                }
            }
        }
        return locks.mapValues { locks in
            var locks = locks
            if locks.link != nil { locks.mode = .update }
            return locks
        }
    }

    private mutating func add(_ key: Int64, _ mode: RowLockMode) {
        keys.append(key)
        self.mode = max(self.mode, mode)
    }

    private mutating func reference(_ column: String, _ keys: [Int64], _ mode: RowLockMode) {
        if let index = referencing.firstIndex(where: { $0.column == column }) {
            referencing[index].keys += keys
        } else {
            referencing.append((column, keys))
        }
        self.mode = max(self.mode, mode)
    }

    /// Whether locking `updatedKeys` (in the mode of an update) covers these locks.
    func isCovered(byUpdatesOf updatedKeys: [Int64]) -> Bool {
        guard referencing.isEmpty, links.isEmpty, mode <= .noKeyUpdate else { return false }
        let updated = Set(updatedKeys)
        return keys.allSatisfy(updated.contains)
    }
}
#endif
