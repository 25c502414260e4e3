import CSQLite
import Foundation
import ObjectGraph

/// Turns rows of a table's select list into ``Snapshot`` values. The values of up to ``batchSize``
/// consecutive rows share one array (``SharedSlice``), so reading a row allocates nothing of its own.
struct RowReader {
    /// Rows whose values share one array: enough to make allocations rare, few enough that an object
    /// kept alone keeps little memory alive.
    static let batchSize = 256

    let schema: StoreSchema
    let table: TableLayout
    private var snapshots: [Snapshot] = []
    private var batch = Batch()

    /// The rows read into the current batch, and their values.
    private struct Batch {
        var rows: [(id: AnyObjectID, entityName: String, values: Range<Int>, toOneIDs: Range<Int>)] = []
        var values: [AttributeValue] = []
        var toOneIDs: [AnyObjectID?] = []
    }

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
        let attributes = layout.entity.attributes
        if batch.values.isEmpty { batch.values.reserveCapacity(Self.batchSize * attributes.count) }
        let valuesStart = batch.values.count
        for (index, column) in layout.attributeSelectIndices.enumerated() {
            guard let column else {
                batch.values.append(.null)
                continue
            }
            guard let value = Self.value(statement, column: column, type: attributes[index].type) else {
                batch.values.removeSubrange(valuesStart...)
                throw ObjectGraphError.inconsistentData(
                    "\(table.name)/\(key): the stored \(attributes[index].name) is not a valid \(attributes[index].type.rawValue)")
            }
            batch.values.append(value)
        }
        let toOnesStart = batch.toOneIDs.count
        for (column, destination) in zip(layout.toOneSelectIndices, layout.toOneDestinationTables) {
            batch.toOneIDs.append(statement.isNull(column) ? nil : AnyObjectID(entityName: destination, key: .integer(statement.int64(column))))
        }
        batch.rows.append((AnyObjectID(entityName: layout.table, key: .integer(key)), layout.entity.name,
                           valuesStart..<batch.values.count, toOnesStart..<batch.toOneIDs.count))
        if batch.rows.count == Self.batchSize { flush() }
    }

    /// The snapshots of every row read, in order.
    mutating func finish() -> [Snapshot] {
        flush()
        defer { snapshots = [] }
        return snapshots
    }

    private mutating func flush() {
        guard !batch.rows.isEmpty else { return }
        let (values, toOneIDs) = (batch.values, batch.toOneIDs)
        for row in batch.rows {
            snapshots.append(Snapshot(id: row.id, entityName: row.entityName,
                                      values: SharedSlice(values, range: row.values),
                                      toOneIDs: SharedSlice(toOneIDs, range: row.toOneIDs)))
        }
        batch = Batch()
    }

    /// The value in `column` as an attribute of `type` stores it; `nil` for bytes that do not decode.
    static func value(_ statement: Statement, column: Int32, type: AttributeType) -> AttributeValue? {
        if statement.isNull(column) { return .null }
        switch type {
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
