import CSQLite
import Foundation
import ObjectGraph
import ObjectGraphSQL

/// Turns rows of a table's select list into ``Snapshot`` values. The values of a batch of rows share
/// one array (``SlicePacker``), so reading a row allocates nothing of its own.
struct RowReader {
    let schema: StoreSchema
    let table: TableLayout
    private var snapshots: [Snapshot] = []
    /// The rows read since the last batch of snapshots was made.
    private var rows: [(id: AnyObjectID, entityName: String)] = []
    private var values = SlicePacker<AttributeValue>()
    private var toOneIDs = SlicePacker<AnyObjectID?>()

    init(schema: StoreSchema, table: TableLayout) {
        self.schema = schema
        self.table = table
    }

    /// The snapshot of the statement's current row alone.
    static func snapshot(_ statement: Statement, schema: StoreSchema, table: TableLayout) throws -> Snapshot {
        var reader = RowReader(schema: schema, table: table)
        try reader.read(statement)
        return reader.finish()[0]
    }

    /// Reads the statement's current row.
    mutating func read(_ statement: Statement) throws {
        let key = statement.int64(0)
        guard let layout = schema.layout(code: statement.int64(1)) else {
            throw ObjectGraphError.inconsistentData("row \(table.name)/\(key) has an unknown entity code \(statement.int64(1))")
        }
        for (index, read) in layout.attributeReads.enumerated() {
            guard let read else {
                values.append(.null)
                continue
            }
            guard let value = Self.value(statement, read) else {
                values.discardRun()
                let attribute = layout.entity.attributes[index]
                throw ObjectGraphError.inconsistentData(
                    "\(table.name)/\(key): the stored \(attribute.name) is not a valid \(attribute.type.rawValue)")
            }
            values.append(value)
        }
        values.endRun()
        for (column, destination) in zip(layout.toOneSelectIndices, layout.toOneDestinationTables) {
            toOneIDs.append(statement.isNull(column) ? nil : AnyObjectID(entityName: destination, key: .integer(statement.int64(column))))
        }
        toOneIDs.endRun()
        rows.append((AnyObjectID(entityName: layout.table, key: .integer(key)), layout.entity.name))
        if rows.count == values.runsPerArray { makeSnapshots() }
    }

    /// The number of rows read since the last ``finish()``.
    var pendingCount: Int { snapshots.count + rows.count }

    /// The snapshots of every row read, in order; the reader starts over.
    mutating func finish() -> [Snapshot] {
        makeSnapshots()
        defer { snapshots = [] }
        return snapshots
    }

    /// Turns the rows read since the last call into snapshots, sharing one array of values.
    private mutating func makeSnapshots() {
        for (row, (values, toOneIDs)) in zip(rows, zip(values.finish(), toOneIDs.finish())) {
            snapshots.append(Snapshot(id: row.id, entityName: row.entityName, values: values, toOneIDs: toOneIDs))
        }
        rows.removeAll(keepingCapacity: true)
    }

    /// The value `read` describes, as its attribute stores it; `nil` for bytes that do not decode.
    static func value(_ statement: Statement, _ read: ColumnRead) -> AttributeValue? {
        let column = read.index
        if read.isNullable && statement.isNull(column) { return .null }
        switch read.type {
        case .integer16, .integer32, .integer64: return .integer(statement.int64(column))
        case .boolean: return .bool(statement.int64(column) != 0)
        case .double, .float: return .double(statement.double(column))
        case .date: return .date(Date(timeIntervalSinceReferenceDate: statement.double(column)))
        case .string: return .string(statement.string(column))
        case .decimal: return Decimal(string: statement.string(column)).map { .decimal($0) }
        case .uri: return URL(string: statement.string(column)).map { .url($0) }
        case .binary, .transformable, .composite, .undefined: return .data(statement.data(column))
        case .uuid:
            guard sqlite3_column_bytes(statement.handle, column) == 16, let bytes = sqlite3_column_blob(statement.handle, column) else {
                return nil
            }
            return .uuid(UUID(uuid: bytes.loadUnaligned(as: uuid_t.self)))
        }
    }
}
