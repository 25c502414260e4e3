import CSQLite
import Foundation
import ObjectGraph
import ObjectGraphSQL

extension SaveWriter {
    /// `UPDATE`s of the changed columns only. Consecutive updates of the same shape reuse one statement,
    /// and each full batch of ``PreparedUpdate/rowsPerBatch`` of them goes through one `UPDATE … FROM
    /// (VALUES …)`, which costs SQLite about an eighth less than as many one-row statements (a batch
    /// statement first copies its rows into a temporary table, so short runs stay one row a statement).
    /// When a batch fails or updates fewer rows than it names, SQLite has already undone it; the batch is
    /// then replayed one row at a time, so the error names the object (a missing one as `objectNotFound`).
    mutating func update(_ updates: [UpdatedObject]) throws {
        var start = updates.startIndex
        while start < updates.endIndex {
            let prepared = try preparedUpdate(for: updates[start])
            let end = prepared.shape.endOfRun(in: updates, from: start, maximumLength: max(prepared.rowsPerBatch, 1))
            let run = start..<end
            if run.count == prepared.rowsPerBatch, let batch = try prepared.batch(connection) {
                try update(updates, batch: run, prepared: prepared, statement: batch)
            } else {
                for row in run { try update(updates, row: row, prepared: prepared) }
            }
            start = end
        }
    }

    /// Updates `updates[batch]` through one statement. Updates are read in place, a field at a time,
    /// here and below: a copy of a whole update (to pass it) cost about 250 instructions, a retain and a
    /// release of each of its references.
    private func update(_ updates: [UpdatedObject], batch: Range<Int>, prepared: PreparedUpdate, statement: Statement) throws {
        var parameter: Int32 = 1
        for row in batch {
            statement.bind(try key(ofUpdateAt: row, in: updates), at: parameter)
            parameter = try bindChanges(of: updates, row: row, layout: prepared.layout, to: statement, from: parameter + 1)
        }
        do {
            try statement.run()
        } catch let failure as StatementFailure {
            for row in batch { try update(updates, row: row, prepared: prepared) }
            throw failure.storeError
        }
        if connection.changes < batch.count {
            for row in batch { try update(updates, row: row, prepared: prepared) }
        }
    }

    private func update(_ updates: [UpdatedObject], row: Int, prepared: PreparedUpdate) throws {
        let layout = prepared.layout
        let key = try key(ofUpdateAt: row, in: updates)
        let statement = prepared.statement
        statement.bind(key, at: try bindChanges(of: updates, row: row, layout: layout, to: statement, from: 1))
        do {
            try statement.run()
        } catch let failure as StatementFailure {
            throw try ConstraintFailure(failure, schema: schema).error(object: updates[row].id, layout: layout) {
                var values = try storedValues(of: key, layout: layout)
                for change in updates[row].attributes where values.indices.contains(change.index) { values[change.index] = change.value }
                return values
            }
        }
        guard connection.changes > 0 else { throw ObjectGraphError.objectNotFound(updates[row].id) }
    }

    /// The key of the object of `updates[row]`, an integer key read in place: passing the ID copied it
    /// (about 165 instructions, its key through its value witness).
    private func key(ofUpdateAt row: Int, in updates: [UpdatedObject]) throws -> Int64 {
        if case .integer(let key) = updates[row].id.key { return key }
        return try key(of: updates[row].id)
    }

    /// Binds the new values of the changed columns of `updates[row]` to the parameters from `first` on,
    /// in the order of its ``UpdateShape``; returns the parameter after them. The changes are read by
    /// position in place: iterating them retained and released their storage for every row.
    private func bindChanges(
        of updates: [UpdatedObject], row: Int, layout: EntityLayout, to statement: Statement, from first: Int32
    ) throws -> Int32 {
        var parameter = first
        for position in 0..<updates[row].attributes.count
        where layout.attributeColumns[updates[row].attributes[position].index] != nil {
            statement.bind(updates[row].attributes[position].value, at: parameter)
            parameter += 1
        }
        for position in updates[row].toOnes.indices {
            let destination = updates[row].toOnes[position].destination
            statement.bind(try destination.map { .integer(try self.key(of: $0)) } ?? .null, at: parameter)
            parameter += 1
        }
        return parameter
    }

    /// The statements of `updated`'s shape: the last ones when `updated` fits their shape (its indices were
    /// checked when it was made), otherwise new ones for its shape, its indices checked.
    private mutating func preparedUpdate(for updated: UpdatedObject) throws -> PreparedUpdate {
        if let last = lastUpdate, last.shape.fits(updated) { return last }
        let shape = try UpdateShape(updated, layout: try schema.layout(of: updated.entityName))
        let statement = try connection.statement(WriteSQL(dialect: .sqlite).update(table: shape.layout.table, columns: shape.columns))
        let parameterLimit = Int(sqlite3_limit(connection.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        let prepared = PreparedUpdate(
            shape: shape, statement: statement,
            rowsPerBatch: min(PreparedUpdate.preferredRowsPerBatch, parameterLimit / (shape.columns.count + 1)))
        lastUpdate = prepared
        return prepared
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
}
