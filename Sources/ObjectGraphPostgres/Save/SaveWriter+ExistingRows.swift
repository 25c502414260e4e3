#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension SaveWriter {
    /// Locks every existing row the save touches and updates and deletes the rows `changes` names, in the
    /// save's lock order (``TableChanges``): tables in name order, each table's rows in key order, either by
    /// one statement first (``WriteSQL/lockInKeyOrder(table:mode:referencing:)``,
    /// ``WriteSQL/lockLinksInKeyOrder(_:)``) or by each batch of the table's one update group as it
    /// updates them; the table's updates follow its locks. The deletes come last, table by table in the
    /// same order, in batches in key order, when every row they and their `ON DELETE` actions change is
    /// locked.
    /// Updates go by group (the objects that change the same columns of an entity), up to
    /// ``rowsPerBatch`` per statement (``WriteSQL/updateFromArrays(table:columns:locking:)``).
    /// Returns the deletes and the updates whose row was not at the version they were read at (conflicts).
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` for an unchecked delete or update (read version 0)
    ///   of a row that does not exist (a key its batch statement did not return).
    func changeExistingRows(_ changes: ChangeSet) async throws -> (deleted: [DeletedObject], updated: [UpdatedObject]) {
        var conflicts: (deleted: [DeletedObject], updated: [UpdatedObject]) = ([], [])
        let tables = try TableChanges.byTable(changes, schema: schema, keys: keys)
        for table in tables {
            if let locks = table.locks, let link = locks.link {
                try await lockInKeyOrder(locks, of: link)
                continue
            }
            if let (keys, mode) = table.lockFirst {
                try await lockInKeyOrder(keys, of: table.table, mode: mode, referencing: table.locks?.referencing ?? [])
            }
            for (group, members) in table.updated {
                conflicts.updated += try await update(members, of: group, locking: table.batchesLockTheirRows)
            }
        }
        for table in tables where !table.deleted.isEmpty {
            conflicts.deleted += try await delete(table.deleted, from: table.table)
        }
        return conflicts
    }

    /// Locks the rows of `table` whose (sorted) `keys` are given and those whose key columns hold the keys
    /// `referencing` gives, in key order.
    private func lockInKeyOrder(_ keys: [Int64], of table: String, mode: RowLockMode,
                                referencing: [(column: String, keys: [Int64])]) async throws {
        let sql = WriteSQL(dialect: .postgreSQL).lockInKeyOrder(table: table, mode: mode, referencing: referencing.map(\.column))
        try await connection.run(sql, [Self.keyArray(keys)] + referencing.map { Self.keyArray($0.keys) })
    }

    /// Locks the rows of `link` that `locks` names, and those of the objects the save deletes, in key order.
    private func lockInKeyOrder(_ locks: TableLocks, of link: LinkTable) async throws {
        let rows = locks.links.sorted { ($0.a, $0.b) < ($1.a, $1.b) }
        func cascading(_ side: LinkTable.Side) -> [Int64] {
            locks.referencing.filter { $0.column == side.ownerColumn }.flatMap(\.keys)
        }
        try await connection.run(WriteSQL(dialect: .postgreSQL).lockLinksInKeyOrder(link), [
            Self.keyArray(rows.map(\.a)), Self.keyArray(rows.map(\.b)), Self.keyArray(cascading(.a)), Self.keyArray(cascading(.b)),
        ])
    }

    /// `keys` as a `bigint[]` argument.
    static func keyArray(_ keys: [Int64]) -> ColumnArray {
        var array = ColumnArray(.position, capacity: keys.count)
        for key in keys { _ = array.append(.integer(key)) }
        return array
    }

    /// Deletes `deleted` (in key order) from `table`, in batches of up to ``rowsPerBatch`` rows
    /// (``WriteSQL/deleteFromArrays(table:)``); their link rows go with them (`ON DELETE CASCADE`), keys
    /// naming them become NULL (`ON DELETE SET NULL`). Every row these change is locked already. Returns
    /// the deletes whose row was not at the version they were read at.
    private func delete(_ deleted: [(key: Int64, object: DeletedObject)], from table: String) async throws -> [DeletedObject] {
        var conflicts: [DeletedObject] = []
        let statement = WriteSQL(dialect: .postgreSQL).deleteFromArrays(table: table)
        for start in stride(from: deleted.startIndex, to: deleted.endIndex, by: Self.rowsPerBatch) {
            let batch = deleted[start..<min(start + Self.rowsPerBatch, deleted.endIndex)]
            let deletedKeys = try await changedKeys(
                statement, [Self.keyArray(batch.map(\.key)), Self.keyArray(batch.map(\.object.readVersion))])
            conflicts += try Self.unchanged(batch.lazy.map { ($0.key, $0.object) }, count: batch.count, changedKeys: deletedKeys)
        }
        return conflicts
    }

    /// Runs a batch statement of ``WriteSQL`` that returns the keys of the rows it changed as one array.
    private func changedKeys(_ statement: String, _ columns: [ColumnArray]) async throws -> [Int64] {
        var keys: [Int64] = []
        try await connection.run(statement, columns) { row in keys = try row[0].decode([Int64]?.self) ?? [] }
        return keys
    }

    /// The changes of a batch of `count` (key, change) pairs whose keys the batch's statement did not
    /// return (`changedKeys`): rows not at the version their change was read at, conflicts.
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` naming the first such change that was unchecked
    ///   (read version 0): its row does not exist.
    static func unchanged<Change: VersionCheckedChange>(
        _ batch: some Sequence<(Int64, Change)>, count: Int, changedKeys: [Int64]
    ) throws -> [Change] {
        guard changedKeys.count < count else { return [] }
        let found = Set(changedKeys)
        var conflicts: [Change] = []
        for (key, change) in batch where !found.contains(key) {
            guard change.readVersion > 0 else { throw ObjectGraphError.objectNotFound(change.id) }
            conflicts.append(change)
        }
        return conflicts
    }

    /// Updates `members` of `group`, sorted by key, in batches; `locking`: each batch's statement locks
    /// its rows in key order first. Returns the members whose row was not at the version they were read at.
    private func update(_ members: [(key: Int64, update: UpdatedObject)], of group: UpdateGroup, locking: Bool) async throws -> [UpdatedObject] {
        var conflicts: [UpdatedObject] = []
        let sql = WriteSQL(dialect: .postgreSQL)
        let statement = sql.updateFromArrays(table: group.layout.table, columns: group.shape.columns)
        let lockingStatement = locking ? sql.updateFromArrays(table: group.layout.table, columns: group.shape.columns, locking: true) : statement
        for start in stride(from: members.startIndex, to: members.endIndex, by: Self.rowsPerBatch) {
            let batch = members[start..<min(start + Self.rowsPerBatch, members.endIndex)]
            var columns = [ColumnArray(.position, capacity: batch.count), ColumnArray(.position, capacity: batch.count)]
                + group.types.map { ColumnArray($0, capacity: batch.count) }
            for member in batch { try append(member.update, key: member.key, layout: group.layout, to: &columns) }
            let updatedKeys: [Int64]
            do {
                updatedKeys = try await changedKeys(batch.count > 1 ? lockingStatement : statement, columns)
            } catch let error as PSQLError {
                throw ConstraintFailure(error: error, schema: schema).updateError(batch.map(\.update), layout: group.layout)
            }
            conflicts += try Self.unchanged(batch.lazy.map { ($0.key, $0.update) }, count: batch.count, changedKeys: updatedKeys)
        }
        return conflicts
    }

    /// Appends key, read version and the new values of `updated` to the arrays of its group's statement.
    private func append(_ updated: UpdatedObject, key: Int64, layout: EntityLayout, to columns: inout [ColumnArray]) throws {
        _ = columns[0].append(.integer(key))
        _ = columns[1].append(.integer(updated.readVersion))
        var column = 2
        for change in updated.attributes where layout.attributeColumns[change.index] != nil {
            guard columns[column].append(change.value) else {
                let attribute = layout.entity.attributes[change.index]
                throw ObjectGraphError.typeMismatch(
                    entity: updated.entityName, attribute: attribute.name, expected: attribute.type, value: change.value)
            }
            column += 1
        }
        for change in updated.toOnes {
            _ = columns[column].append(try change.destination.map { AttributeValue.integer(try keys.key(of: $0)) } ?? .null)
            column += 1
        }
    }
}
/// A change of an existing row carrying the version its context read the row at (0: not checked).
protocol VersionCheckedChange {
    var id: AnyObjectID { get }
    var readVersion: Int64 { get }
}

extension UpdatedObject: VersionCheckedChange {}
extension DeletedObject: VersionCheckedChange {}
#endif
