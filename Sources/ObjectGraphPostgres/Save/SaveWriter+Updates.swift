#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension SaveWriter {
    /// Updates the changed columns of every object, and their versions: the objects that change the same
    /// columns of an entity together, up to ``rowsPerBatch`` per statement
    /// (``WriteSQL/updateFromArrays(table:columns:locking:)``). Table by table (in name order), the rows a
    /// save updates are locked in key order, so that concurrent saves never wait for each other in a
    /// cycle: a table whose updates form one group has its batches in key order, and each batch's
    /// statement locks its rows before updating them (one round trip); a table with several groups has
    /// all its rows locked first by one statement (``WriteSQL/lockInKeyOrder(table:)``).
    /// Returns the updates whose row was not at the version they were read at (conflicts).
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` for an unchecked update (read version 0) of a row
    ///   that does not exist.
    func update(_ updated: [UpdatedObject]) async throws -> [UpdatedObject] {
        var conflicts: [UpdatedObject] = []
        let groups = try UpdateGroup.grouping(updated, schema: schema).enumerated()
            .sorted { ($0.element.layout.table, $0.offset) < ($1.element.layout.table, $1.offset) }.map(\.element)
        var start = groups.startIndex
        while start < groups.endIndex {
            let table = groups[start].layout.table
            let end = groups[start...].firstIndex { $0.layout.table != table } ?? groups.endIndex
            let ofTable = try groups[start..<end].map { group in
                (group, members: try group.members.map { (key: try keys.key(of: $0.id), update: $0) }.sorted { $0.key < $1.key })
            }
            if ofTable.count > 1 { try await lockInKeyOrder(ofTable.flatMap { $0.members.map(\.key) }.sorted(), of: table) }
            for (group, members) in ofTable {
                conflicts += try await update(members, of: group, locking: ofTable.count == 1)
            }
            start = end
        }
        return conflicts
    }

    /// Locks the rows of `table` whose (sorted) `keys` are given, in key order.
    private func lockInKeyOrder(_ keys: [Int64], of table: String) async throws {
        guard keys.count > 1 else { return }
        var array = ColumnArray(.position, capacity: keys.count)
        for key in keys { _ = array.append(.integer(key)) }
        try await connection.run(WriteSQL(dialect: .postgreSQL).lockInKeyOrder(table: table), [array])
    }

    /// Updates `members` of `group`, sorted by key, in batches; `locking`: each batch's statement locks
    /// its rows in key order first. Returns the members whose row was not at the version they were read at.
    private func update(_ members: [(key: Int64, update: UpdatedObject)], of group: UpdateGroup, locking: Bool) async throws -> [UpdatedObject] {
        var conflicts: [UpdatedObject] = []
        let sql = WriteSQL(dialect: .postgreSQL)
        let statement = sql.updateFromArrays(table: group.layout.table, columns: group.columns)
        let lockingStatement = locking ? sql.updateFromArrays(table: group.layout.table, columns: group.columns, locking: true) : statement
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
