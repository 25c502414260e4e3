import CSQLite
import Foundation
import ObjectGraph
import ObjectGraphSQL

extension SaveWriter {
    /// `UPDATE`s of the changed columns only. Consecutive updates of the same shape reuse one statement,
    /// and each full batch of ``UpdateShape/rowsPerBatch`` of them goes through one `UPDATE … FROM
    /// (VALUES …)`, which costs SQLite about an eighth less than as many one-row statements (a batch
    /// statement first copies its rows into a temporary table, so short runs stay one row a statement).
    /// When a batch fails or updates fewer rows than it names, SQLite has already undone it; the batch is
    /// then replayed one row at a time, so the error names the object (a missing one as `objectNotFound`).
    mutating func update(_ updates: [UpdatedObject]) throws {
        var start = updates.startIndex
        while start < updates.endIndex {
            let shape = try updateShape(of: updates[start])
            var end = start + 1
            while end < updates.endIndex, end - start < shape.rowsPerBatch, shape.fits(updates[end]) { end += 1 }
            let run = updates[start..<end]
            if run.count == shape.rowsPerBatch, let batch = try shape.batch(connection) {
                try update(batch: run, shape: shape, statement: batch)
            } else {
                for updated in run { try update(updated, shape: shape) }
            }
            start = end
        }
    }

    private func update(batch: ArraySlice<UpdatedObject>, shape: UpdateShape, statement: Statement) throws {
        var parameter: Int32 = 1
        for updated in batch {
            statement.bind(try key(of: updated.id), at: parameter)
            parameter = try bindChanges(of: updated, layout: shape.layout, to: statement, from: parameter + 1)
        }
        do {
            try statement.run()
        } catch let failure as StatementFailure {
            for updated in batch { try update(updated, shape: shape) }
            throw failure.storeError
        }
        if connection.changes < batch.count {
            for updated in batch { try update(updated, shape: shape) }
        }
    }

    private func update(_ updated: UpdatedObject, shape: UpdateShape) throws {
        let layout = shape.layout
        let key = try key(of: updated.id)
        let statement = shape.statement
        statement.bind(key, at: try bindChanges(of: updated, layout: layout, to: statement, from: 1))
        do {
            try statement.run()
        } catch let failure as StatementFailure {
            throw try ConstraintFailure(failure, schema: schema).error(object: updated.id, layout: layout) {
                var values = try storedValues(of: key, layout: layout)
                for change in updated.attributes where values.indices.contains(change.index) { values[change.index] = change.value }
                return values
            }
        }
        guard connection.changes > 0 else { throw ObjectGraphError.objectNotFound(updated.id) }
    }

    /// Binds the new values of `updated`'s changed columns to the parameters from `first` on, in the
    /// order of its shape; returns the parameter after them.
    private func bindChanges(of updated: UpdatedObject, layout: EntityLayout, to statement: Statement, from first: Int32) throws -> Int32 {
        var parameter = first
        for change in updated.attributes where layout.attributeColumns[change.index] != nil {
            statement.bind(change.value, at: parameter)
            parameter += 1
        }
        for change in updated.toOnes {
            statement.bind(try change.destination.map { .integer(try self.key(of: $0)) } ?? .null, at: parameter)
            parameter += 1
        }
        return parameter
    }

    /// The shape of `updated`'s statement: the last one when `updated` has it (its indices were checked
    /// when it was made), otherwise a new one from the entity's layout, its indices checked.
    private mutating func updateShape(of updated: UpdatedObject) throws -> UpdateShape {
        if let last = lastUpdate, last.fits(updated) { return last }
        let layout = try schema.layout(of: updated.entityName)
        var attributes: [Int] = []
        for change in updated.attributes {
            guard layout.attributeColumns.indices.contains(change.index) else {
                throw ObjectGraphError.inconsistentData("\(updated.entityName) has no attribute at index \(change.index)")
            }
            if layout.attributeColumns[change.index] != nil { attributes.append(change.index) }
        }
        let slots = try updated.toOnes.map { change in
            guard let slot = layout.entity.toOneSlot(forRelationshipAt: change.relationshipIndex) else {
                throw ObjectGraphError.inconsistentData("\(updated.entityName) has no to-one at index \(change.relationshipIndex)")
            }
            return slot
        }
        let columns = attributes.compactMap { layout.attributeColumns[$0] } + slots.map { layout.toOneColumns[$0] }
        let statement = try connection.statement(WriteSQL(dialect: .sqlite).update(table: layout.table, columns: columns))
        let parameterLimit = Int(sqlite3_limit(connection.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let shape = UpdateShape(
            layout: layout, columns: columns, attributes: attributes, toOneRelationships: updated.toOnes.map(\.relationshipIndex),
            statement: statement, rowsPerBatch: min(UpdateShape.preferredRowsPerBatch, parameterLimit / (columns.count + 1)))
        lastUpdate = shape
        return shape
    }
    /// Uniqueness is checked when the save is complete (as the runtime does), but SQLite checks UNIQUE
    /// indexes row by row; so when several updates change constrained columns (values swapped between
    /// objects), those columns first get placeholders that collide with nothing: the key as a BLOB.
    func parkUniqueValues(of updates: [UpdatedObject]) throws {
        guard updates.count > 1, !schema.uniqueIndexes.isEmpty else { return }
        var parked: [(table: String, key: Int64, columns: [String])] = []
        var constrainedByTable: [String: Set<String>] = [:]
        for updated in updates {
            let layout = try schema.layout(of: updated.entityName)
            let constrained = constrainedByTable[layout.table] ?? {
                let columns = Set(schema.uniqueIndexes.filter { $0.table == layout.table }.flatMap(\.columns))
                constrainedByTable[layout.table] = columns
                return columns
            }()
            guard !constrained.isEmpty else { continue }
            let columns = updated.attributes.compactMap { change in
                layout.attributeColumns.indices.contains(change.index) ? layout.attributeColumns[change.index] : nil
            }.filter(constrained.contains)
            if !columns.isEmpty { parked.append((layout.table, try key(of: updated.id), columns)) }
        }
        guard parked.count > 1 else { return }
        for (table, key, columns) in parked {
            let statement = try connection.statement("UPDATE \(SQL.quote(table)) SET "
                + columns.map { "\(SQL.quote($0)) = ?1" }.joined(separator: ", ") + " WHERE \(SQL.quote(SQL.primaryKey)) = ?2")
            statement.bind(.data(withUnsafeBytes(of: key) { Data($0) }), at: 1)
            statement.bind(key, at: 2)
            try statement.run()
        }
    }

    private func storedValues(of key: Int64, layout: EntityLayout) throws -> [AttributeValue] {
        let table = try schema.table(named: layout.table)
        let statement = try connection.statement(
            "SELECT \(table.selectList(alias: "t", in: .sqlite)) FROM \(SQL.quote(table.name)) t WHERE \(SQL.column("t", SQL.primaryKey)) = ?")
        defer { statement.reset() }
        statement.bind(key, at: 1)
        guard try statement.step() else { return [] }
        return Array(try RowReader.snapshot(statement, schema: schema, table: table).values)
    }

    /// `DELETE` of the row.
    func delete(_ deleted: DeletedObject) throws {
        let layout = try schema.layout(of: deleted.entityName)
        let statement = try connection.statement(WriteSQL(dialect: .sqlite).delete(from: layout.table))
        statement.bind(try key(of: deleted.id), at: 1)
        try statement.run()
        guard connection.changes > 0 else { throw ObjectGraphError.objectNotFound(deleted.id) }
    }

    /// `DELETE` of every link row that names a deleted object.
    func unlink(_ deleted: DeletedObject) throws {
        let table = try schema.layout(of: deleted.entityName).table
        let key = try key(of: deleted.id)
        for link in schema.links {
            for (column, linkedTable) in [("a", link.aTable), ("b", link.bTable)] where linkedTable == table {
                let unlink = try connection.statement(WriteSQL(dialect: .sqlite).delete(from: link.name, where: column))
                unlink.bind(key, at: 1)
                try unlink.run()
            }
        }
    }
}

/// The changed columns of an `UPDATE` and its prepared statement, kept while consecutive updates change
/// the same columns of the same entity, so that they are matched without a dictionary lookup or an array.
final class UpdateShape {
    /// Rows per batch statement, unless SQLite's parameter limit allows fewer. A batch statement costs
    /// SQLite a fixed amount (a temporary table for its rows, about as much as 35 one-row updates save),
    /// so shorter batches save nothing; from 100 to 200 rows it costs the same, and longer ones cost more.
    static let preferredRowsPerBatch = 128

    let layout: EntityLayout
    /// The changed columns, in binding order.
    let columns: [String]
    /// The indices of the changed attributes that have columns, in change order.
    let attributes: [Int]
    /// The relationship indices of the changed to-ones, in change order.
    let toOneRelationships: [Int]
    /// The one-row statement.
    let statement: Statement
    /// Updates per batch statement (below 2: no batches).
    let rowsPerBatch: Int
    private var batchStatement: Statement?

    init(layout: EntityLayout, columns: [String], attributes: [Int], toOneRelationships: [Int], statement: Statement, rowsPerBatch: Int) {
        self.layout = layout
        self.columns = columns
        self.attributes = attributes
        self.toOneRelationships = toOneRelationships
        self.statement = statement
        self.rowsPerBatch = rowsPerBatch
    }

    /// The statement of ``rowsPerBatch`` updates, prepared on first use; `nil` when batches are shorter than 2.
    func batch(_ connection: Connection) throws -> Statement? {
        guard rowsPerBatch > 1 else { return nil }
        if let batchStatement { return batchStatement }
        let statement = try connection.statement(WriteSQL(dialect: .sqlite).update(table: layout.table, columns: columns, rows: rowsPerBatch))
        batchStatement = statement
        return statement
    }

    /// Whether `updated` changes exactly these columns of this entity, in this order.
    func fits(_ updated: UpdatedObject) -> Bool {
        guard updated.entityName == layout.entity.name, updated.toOnes.count == toOneRelationships.count else { return false }
        let columns = layout.attributeColumns
        var next = 0
        for change in updated.attributes {
            guard columns.indices.contains(change.index) else { return false }
            guard columns[change.index] != nil else { continue }
            guard next < attributes.count, attributes[next] == change.index else { return false }
            next += 1
        }
        guard next == attributes.count else { return false }
        return zip(updated.toOnes, toOneRelationships).allSatisfy { $0.relationshipIndex == $1 }
    }
}
