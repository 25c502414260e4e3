import ObjectGraph
import ObjectGraphSQL

/// What turns the rows of one query into batches: ``RowReader`` into snapshots, ``ObjectRowReader``
/// into objects.
protocol RowBatchReader: SendableMetatype {
    associatedtype Batch: Sendable
    /// Reads the statement's current row.
    mutating func read(_ statement: Statement) throws
    /// The number of rows read since the last ``finish()``.
    var pendingCount: Int { get }
    /// Makes room for `rowCount` more rows before the next ``finish()``.
    mutating func reserveCapacity(_ rowCount: Int)
    /// What the rows read since the last call became; the reader starts over.
    mutating func finish() -> Batch
}

extension RowReader: RowBatchReader {}

/// Decodes rows of a table's select list straight into objects of a context's classes
/// (``DecodedObjects``), each row read through a ``StatementRow`` by the class's typed
/// `loadAttributes(from row:)`: no ``AttributeValue``s and no snapshots.
struct ObjectRowReader: RowBatchReader {
    let schema: StoreSchema
    let table: TableLayout
    let model: ManagedObjectModel
    private var batch: DecodedObjects
    private var reservedRows: Int
    /// The row object, made for the first row's statement.
    private var row: StatementRow?

    /// A reader of objects of `model`'s classes, which must be the store's model, expecting about
    /// `expectedRows` rows before its first ``finish()``.
    /// - Throws: ``ObjectGraphError/modelMismatch(expected:actual:)`` for another model.
    init(schema: StoreSchema, table: TableLayout, model: ManagedObjectModel, expectedRows: Int = 0) throws {
        try schema.checkDecodes(into: model)
        self.schema = schema
        self.table = table
        self.model = model
        batch = DecodedObjects(model: model, expectedCount: expectedRows)
        reservedRows = expectedRows
    }

    mutating func read(_ statement: Statement) throws {
        let key = statement.int64(0)
        let row: StatementRow
        // Rows of one entity come in runs: a row of the last row's entity keeps its layout, without
        // looking the code up again.
        if let current = self.row, current.layout.code == statement.int64(1) {
            row = current
            row.moveTo(key: key)
        } else {
            let layout = try RowReader.layout(of: statement, key: key, schema: schema, table: table)
            row = self.row ?? StatementRow(statement: statement, layout: layout)
            self.row = row
            row.moveTo(key: key, layout: layout)
        }
        try batch.append(entityName: row.layout.entity.name, id: AnyObjectID(entityName: table.name, key: .integer(key)), row: row)
    }

    var pendingCount: Int { batch.count }

    mutating func reserveCapacity(_ rowCount: Int) {
        reservedRows = rowCount
    }

    mutating func finish() -> DecodedObjects {
        defer { batch = DecodedObjects(model: model, expectedCount: reservedRows) }
        return batch
    }
}
