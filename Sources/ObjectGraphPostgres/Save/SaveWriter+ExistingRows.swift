#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension SaveWriter {
    /// Locks every existing row the save touches and updates and deletes the rows `changes` names, in the
    /// save's lock order (``TableChanges``): tables in name order, each table's rows in key order, either by
    /// one statement first (``WriteSQL/lockInKeyOrder(table:mode:referencing:)``,
    /// ``WriteSQL/lockLinksInKeyOrder(_:)``) or by each batch of the table's one update group as it
    /// updates them; the table's updates follow its locks. The deletes come last, in the same order, when
    /// every row their `ON DELETE` actions change is locked.
    /// Updates go by group (the objects that change the same columns of an entity), up to
    /// ``rowsPerBatch`` per statement (``WriteSQL/updateFromArrays(table:columns:locking:)``).
    /// Returns the deletes and the updates whose row was not at the version they were read at (conflicts).
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` for an unchecked delete or update (read version 0)
    ///   of a row that does not exist.
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
        for table in tables {
            for (key, deleted) in table.deleted where try await !delete(deleted, key: key) {
                conflicts.deleted.append(deleted)
            }
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

    /// `DELETE` of the row; its link rows go with it (`ON DELETE CASCADE`), keys naming it become NULL.
    /// `false` when the row is not at the version the deletion was read at.
    private func delete(_ deleted: DeletedObject, key: Int64) async throws -> Bool {
        let layout = try schema.layout(of: deleted.entityName)
        var arguments: [AttributeValue] = [.integer(key)]
        let sql = WriteSQL(dialect: .postgreSQL).delete(from: layout.table) + versionCondition(deleted.readVersion, into: &arguments)
        var found = false
        try await connection.run(sql + " RETURNING 1", arguments) { _ in found = true }
        guard found || deleted.readVersion > 0 else { throw ObjectGraphError.objectNotFound(deleted.id) }
        return found
    }

    /// ` AND "_version" = $n` with `readVersion` appended to `arguments`, or nothing for an unchecked change (0).
    private func versionCondition(_ readVersion: Int64, into arguments: inout [AttributeValue]) -> String {
        guard readVersion > 0 else { return "" }
        arguments.append(.integer(readVersion))
        return " AND \(SQL.quote(SQL.versionColumn)) = \(SQLDialect.postgreSQL.placeholder(arguments.count))"
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
            var updatedKeys: [Int64] = []
            do {
                try await connection.run(batch.count > 1 ? lockingStatement : statement, columns) { row in
                    updatedKeys = try row[0].decode([Int64]?.self) ?? []
                }
            } catch let error as PSQLError {
                throw ConstraintFailure(error: error, schema: schema).updateError(batch.map(\.update), layout: group.layout)
            }
            guard updatedKeys.count < batch.count else { continue }
            let found = Set(updatedKeys)
            for member in batch where !found.contains(member.key) {
                guard member.update.readVersion > 0 else { throw ObjectGraphError.objectNotFound(member.update.id) }
                conflicts.append(member.update)
            }
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
#endif
