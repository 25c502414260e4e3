import CSQLite
import ObjectGraph
import ObjectGraphSQL

extension SaveWriter {
    /// Inserts every snapshot with its allocated key, entity by entity, several rows per statement.
    ///
    /// One `INSERT` of many rows costs SQLite about two thirds of what as many one-row `INSERT`s cost.
    /// The order of rows is free (keys are allocated and the schema has no foreign key constraints), so
    /// the inserts of each entity are batched even when the change set interleaves entities. When a batch
    /// fails, SQLite has already undone its rows; the batch is then replayed one row at a time, so the
    /// error names the object that broke the constraint.
    func insert(_ inserted: [Snapshot]) throws {
        for (entityName, indices) in InsertPlan.indicesByEntity(inserted) {
            let layout = try schema.layout(of: entityName)
            let statements = try InsertStatements(layout: layout, connection: connection)
            var batchStart = indices.startIndex
            if let batch = statements.batch {
                while indices.endIndex - batchStart >= statements.rowsPerBatch {
                    let rows = indices[batchStart..<batchStart + statements.rowsPerBatch]
                    var parameter: Int32 = 1
                    for index in rows {
                        parameter = try bind(inserted, row: index, key: insertedKeys[index], layout: layout, to: batch, from: parameter)
                    }
                    do {
                        try batch.run()
                    } catch let failure as StatementFailure {
                        for index in rows {
                            try insert(inserted, row: index, key: insertedKeys[index], layout: layout, statement: statements.single)
                        }
                        throw failure.storeError
                    }
                    batchStart += statements.rowsPerBatch
                }
            }
            for index in indices[batchStart...] {
                try insert(inserted, row: index, key: insertedKeys[index], layout: layout, statement: statements.single)
            }
        }
    }

    private func insert(_ inserted: [Snapshot], row: Int, key permanentKey: Int64, layout: EntityLayout, statement: Statement) throws {
        _ = try bind(inserted, row: row, key: permanentKey, layout: layout, to: statement, from: 1)
        do {
            try statement.run()
        } catch let failure as StatementFailure {
            throw try ConstraintFailure(failure, schema: schema).error(
                object: inserted[row].id, layout: layout, values: { Array(inserted[row].values) })
        }
    }

    /// Binds the row of `inserted[row]` to the parameters from `first` on; returns the parameter after
    /// them. The snapshot is read in place, a field at a time: a copy of the whole snapshot (to pass it)
    /// cost about 260 instructions, a retain and a release of each of its references.
    private func bind(_ inserted: [Snapshot], row: Int, key permanentKey: Int64, layout: EntityLayout, to statement: Statement,
                      from first: Int32) throws -> Int32 {
        let values = inserted[row].values
        let toOneIDs = inserted[row].toOneIDs
        guard values.count == layout.attributeColumns.count, toOneIDs.count == layout.toOneColumns.count else {
            throw ObjectGraphError.inconsistentData("the inserted \(inserted[row].entityName) \(inserted[row].id) does not match its entity's shape")
        }
        statement.bind(permanentKey, at: first)
        statement.bind(layout.code, at: first + 1)
        var parameter = first + 2
        for index in values.indices where layout.attributeColumns[index] != nil {
            statement.bind(values[index], at: parameter)
            parameter += 1
        }
        for destination in toOneIDs {
            if let destination { statement.bind(try key(of: destination), at: parameter) } else { statement.bindNull(at: parameter) }
            parameter += 1
        }
        return parameter
    }
}

/// The prepared `INSERT`s of one entity: one row, and a batch of ``rowsPerBatch`` rows.
struct InsertStatements {
    /// Rows per batch statement, unless SQLite's parameter limit allows fewer; beyond this, longer
    /// statements save nothing measurable.
    static let preferredRowsPerBatch = 32

    let single: Statement
    /// `nil` when the parameter limit fits only one row.
    let batch: Statement?
    let rowsPerBatch: Int

    init(layout: EntityLayout, connection: Connection) throws {
        let columnCount = WriteSQL.insertColumns(of: layout).count
        let parameterLimit = Int(sqlite3_limit(connection.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        rowsPerBatch = min(Self.preferredRowsPerBatch, parameterLimit / columnCount)
        let sql = WriteSQL(dialect: .sqlite)
        single = try connection.statement(sql.insert(layout, rows: 1))
        batch = rowsPerBatch > 1 ? try connection.statement(sql.insert(layout, rows: rowsPerBatch)) : nil
    }
}
