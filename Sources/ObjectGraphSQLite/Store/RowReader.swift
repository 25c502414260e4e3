import CSQLite
import Foundation
import ObjectGraph
import ObjectGraphSQL

/// Turns rows of a table's select list into ``Snapshot`` values. The values (and the to-one IDs) of a
/// run of up to ``rowsPerArray`` rows share one array, so reading a row allocates nothing of its own:
/// each row appends to those arrays and records where its run ends, and the snapshots of the run are
/// made once it is complete.
struct RowReader {
    let schema: StoreSchema
    let table: TableLayout
    /// Rows whose values share one array: enough to make allocations rare, few enough that one snapshot
    /// kept alone keeps little memory alive.
    static let rowsPerArray = 256
    private var snapshots: [Snapshot] = []
    /// The rows read since the last run of snapshots was made: key, and where the row's values and to-one
    /// IDs end in ``values`` and ``toOneIDs``. The IDs are made with the snapshots, once.
    private var rows: [(key: Int64, valuesEnd: Int, toOneIDsEnd: Int)] = []
    /// The entity of the rows from `firstRow` of ``rows`` on, an entry per change of entity.
    private var entities: [(firstRow: Int, layout: EntityLayout)] = []
    private var values: [AttributeValue] = []
    private var toOneIDs: [AnyObjectID?] = []
    /// Whether a run was full, so that the next ones reserve room for ``rowsPerArray`` rows (a reader of
    /// a few rows reserves nothing a kept snapshot would keep alive).
    private var hadFullRun = false

    /// A reader that expects about `expectedRows` rows before its first ``finish()``.
    init(schema: StoreSchema, table: TableLayout, expectedRows: Int = 0) {
        self.schema = schema
        self.table = table
        reserveCapacity(expectedRows)
    }

    /// Makes room for `rowCount` more snapshots before the next ``finish()``.
    mutating func reserveCapacity(_ rowCount: Int) {
        snapshots.reserveCapacity(snapshots.count + rows.count + rowCount)
    }

    /// The snapshot of the statement's current row alone.
    static func snapshot(_ statement: Statement, schema: StoreSchema, table: TableLayout) throws -> Snapshot {
        var reader = RowReader(schema: schema, table: table, expectedRows: 1)
        try reader.read(statement)
        return reader.finish()[0]
    }

    /// Reads the statement's current row.
    mutating func read(_ statement: Statement) throws {
        let key = statement.int64(0)
        let layout = try Self.layout(of: statement, key: key, schema: schema, table: table)
        if rows.isEmpty && hadFullRun { reserveRun(valuesPerRow: layout.attributeReads.count, toOneIDsPerRow: layout.toOneSelectIndices.count) }
        let valuesStart = values.count
        for (index, read) in layout.attributeReads.enumerated() {
            guard let read else {
                values.append(.null)
                continue
            }
            do {
                values.append(try Self.value(statement, read, attribute: layout.entity.attributes[index], row: "\(table.name)/\(key)"))
            } catch {
                values.removeSubrange(valuesStart...)
                throw error
            }
        }
        for (column, destination) in zip(layout.toOneSelectIndices, layout.toOneDestinationTables) {
            toOneIDs.append(statement.isNull(column) ? nil : AnyObjectID(entityName: destination, key: .integer(statement.int64(column))))
        }
        if entities.last?.layout !== layout { entities.append((rows.count, layout)) }
        rows.append((key, values.count, toOneIDs.count))
        if rows.count == Self.rowsPerArray {
            hadFullRun = true
            makeSnapshots()
        }
    }

    /// The number of rows read since the last ``finish()``.
    var pendingCount: Int { snapshots.count + rows.count }

    /// The snapshots of every row read, in order; the reader starts over.
    mutating func finish() -> [Snapshot] {
        makeSnapshots()
        defer { snapshots = [] }
        return snapshots
    }

    /// Reserves the arrays of a new run for ``rowsPerArray`` rows of its first row's shape (rows of
    /// subentities may have more values; the arrays then grow).
    private mutating func reserveRun(valuesPerRow: Int, toOneIDsPerRow: Int) {
        rows.reserveCapacity(Self.rowsPerArray)
        values.reserveCapacity(Self.rowsPerArray * valuesPerRow)
        if toOneIDsPerRow > 0 { toOneIDs.reserveCapacity(Self.rowsPerArray * toOneIDsPerRow) }
    }

    /// Turns the rows read since the last call into snapshots sharing one array of values and one of
    /// to-one IDs.
    private mutating func makeSnapshots() {
        guard !rows.isEmpty else { return }
        let sharedValues = values
        let sharedToOneIDs = toOneIDs
        values = []
        toOneIDs = []
        var valuesStart = 0
        var toOneIDsStart = 0
        for (run, (firstRow, layout)) in entities.enumerated() {
            let table = layout.table
            let entityName = layout.entity.name
            let end = run + 1 < entities.count ? entities[run + 1].firstRow : rows.count
            for row in rows[firstRow..<end] {
                snapshots.append(Snapshot(
                    id: AnyObjectID(entityName: table, key: .integer(row.key)), entityName: entityName,
                    values: SharedSlice(sharedValues, range: valuesStart..<row.valuesEnd),
                    toOneIDs: SharedSlice(sharedToOneIDs, range: toOneIDsStart..<row.toOneIDsEnd)))
                valuesStart = row.valuesEnd
                toOneIDsStart = row.toOneIDsEnd
            }
        }
        rows.removeAll(keepingCapacity: true)
        entities.removeAll(keepingCapacity: true)
    }

    /// The layout of the entity whose code the statement's current row (with `key`) of `table` holds.
    static func layout(of statement: Statement, key: Int64, schema: StoreSchema, table: TableLayout) throws -> EntityLayout {
        guard let layout = schema.layout(code: statement.int64(1)) else {
            throw ObjectGraphError.inconsistentData("row \(table.name)/\(key) has an unknown entity code \(statement.int64(1))")
        }
        return layout
    }

    /// ``value(_:_:)`` of `attribute`, read from the row named `row` (`table/key`).
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for bytes that do not decode.
    static func value(
        _ statement: Statement, _ read: ColumnRead, attribute: @autoclosure () -> AttributeDescription, row: @autoclosure () -> String
    ) throws -> AttributeValue {
        guard let value = value(statement, read) else {
            let attribute = attribute()
            throw ObjectGraphError.inconsistentData("\(row()): the stored \(attribute.name) is not a valid \(attribute.type.rawValue)")
        }
        return value
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
