#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// Turns rows whose first columns are a table's row select list (``ObjectGraphSQL/SQLDialect/rowSelectList(of:alias:)``)
/// into ``ObjectGraph/Snapshot`` values whose values and to-one IDs share one array per run of rows
/// (``ObjectGraph/SlicePacker``), as SQLite's snapshots do: reading a row allocates nothing of its own,
/// and the objects a context makes from the snapshots keep those shared arrays, so freeing 10,000 of them
/// frees a few dozen arrays rather than 20,000.
///
/// ```swift
/// var reader = SnapshotReader(schema: schema, table: table)
/// try await connection.run(sql) { row in try reader.read(row) }
/// let snapshots = reader.finish()
/// ```
struct SnapshotReader: RowBatchReader {
    private let schema: StoreSchema
    private let table: TableLayout
    private var values = SlicePacker<AttributeValue>()
    private var toOneIDs = SlicePacker<AnyObjectID?>()
    /// The ID, concrete entity and version of each row read.
    private var rows: [(id: AnyObjectID, entityName: String, version: Int64)] = []

    /// A reader of rows of `table`.
    init(schema: StoreSchema, table: TableLayout) {
        self.schema = schema
        self.table = table
    }

    /// Reads `row`.
    /// - Throws: ``ObjectGraph/ObjectGraphError/inconsistentData(_:)`` naming the row when it has no key or
    ///   entity code, an unknown entity code, or a value that does not decode; the reader then holds the
    ///   rows before it.
    mutating func read(_ row: RowCells) throws {
        let (key, layout) = try row.object(of: table, in: schema)
        do {
            try row.forEachToOneID(of: layout) { toOneIDs.append($0) }
            let version = try row.version(in: table)
            for index in layout.attributeReads.indices {
                values.append(try row.attributeValue(at: index, of: layout, key: key, table: table))
            }
            values.endRun()
            toOneIDs.endRun()
            rows.append((AnyObjectID(entityName: layout.table, key: .integer(key)), layout.entity.name, version))
        } catch {
            values.discardRun()
            toOneIDs.discardRun()
            throw error
        }
    }

    /// The snapshots of every row read, in order; the reader starts over.
    mutating func finish() -> [Snapshot] {
        defer { rows = [] }
        return zip(rows, zip(values.finish(), toOneIDs.finish())).map { row, slices in
            Snapshot(id: row.id, entityName: row.entityName, values: slices.0, toOneIDs: slices.1, version: row.version)
        }
    }
}
#endif
