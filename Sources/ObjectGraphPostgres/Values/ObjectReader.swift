#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// Decodes rows whose first columns are a table's row select list straight into objects of a context's
/// classes (``ObjectGraph/DecodedObjects``), each row read through a ``CellsRow`` by the class's typed
/// `loadAttributes(from row:)`: no ``ObjectGraph/AttributeValue``s and no snapshots.
///
/// ```swift
/// var reader = try ObjectReader(schema: schema, table: table, model: MusicModel.model)
/// try await connection.run(sql) { row in try reader.read(row) }
/// let objects = reader.finish()
/// ```
struct ObjectReader: RowBatchReader {
    private let schema: StoreSchema
    private let table: TableLayout
    private let model: ManagedObjectModel
    private var batch: DecodedObjects
    /// The row object, made for the first row.
    private var row: CellsRow?

    /// A reader of objects of `model`'s classes, which must be the store's model.
    /// - Throws: ``ObjectGraph/ObjectGraphError/modelMismatch(expected:actual:)`` for another model.
    init(schema: StoreSchema, table: TableLayout, model: ManagedObjectModel) throws {
        try schema.checkDecodes(into: model)
        self.schema = schema
        self.table = table
        self.model = model
        batch = DecodedObjects(model: model)
    }

    /// Reads `cells` into an object.
    /// - Throws: what a ``SnapshotReader`` throws for the row, and
    ///   ``ObjectGraph/ObjectGraphError/typeMismatch(entity:attribute:expected:value:)`` for a value that does
    ///   not fit its property; the reader then holds the objects before it.
    mutating func read(_ cells: RowCells) throws {
        let (key, layout) = try cells.object(of: table, in: schema)
        let row = row ?? CellsRow(table: table, layout: layout)
        self.row = row
        try row.move(to: cells, key: key, layout: layout)
        let version = try cells.version(in: table)
        try batch.append(entityName: layout.entity.name, id: AnyObjectID(entityName: layout.table, key: .integer(key)), version: version, row: row)
    }

    mutating func finish() -> DecodedObjects {
        defer { batch = DecodedObjects(model: model) }
        return batch
    }
}
#endif
