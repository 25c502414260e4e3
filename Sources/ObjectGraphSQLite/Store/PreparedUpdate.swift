import ObjectGraphSQL

/// The statements of one ``UpdateShape``, kept while consecutive updates fit it, so that they are matched
/// without a dictionary lookup or an array.
final class PreparedUpdate {
    /// Rows per batch statement, unless SQLite's parameter limit allows fewer. A batch statement costs
    /// SQLite a fixed amount (a temporary table for its rows, about as much as 35 one-row updates save),
    /// so shorter batches save nothing; from 100 to 200 rows it costs the same, and longer ones cost more.
    static let preferredRowsPerBatch = 128

    let shape: UpdateShape
    /// The one-row statement.
    let statement: Statement
    /// Updates per batch statement (below 2: no batches).
    let rowsPerBatch: Int
    private var batchStatement: Statement?

    var layout: EntityLayout { shape.layout }

    init(shape: UpdateShape, statement: Statement, rowsPerBatch: Int) {
        self.shape = shape
        self.statement = statement
        self.rowsPerBatch = rowsPerBatch
    }

    /// The statement of ``rowsPerBatch`` updates, prepared on first use; `nil` when batches are shorter than 2.
    func batch(_ connection: Connection) throws -> Statement? {
        guard rowsPerBatch > 1 else { return nil }
        if let batchStatement { return batchStatement }
        let statement = try connection.statement(
            WriteSQL(dialect: .sqlite).update(table: shape.layout.table, columns: shape.columns, rows: rowsPerBatch))
        batchStatement = statement
        return statement
    }
}
