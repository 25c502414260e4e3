#if PostgreSQL
import ObjectGraph
import PostgresNIO

/// The cells of a statement's current row, with the columns' types and formats taken once, from its
/// first row.
///
/// The hot reads (``integer(at:)``, ``value(at:type:)``) take a cell's bytes alone
/// (`PostgresRandomAccessRow`'s `subscript(data:)`) and read the store's column types in place
/// (``BinaryCell``): a `PostgresCell` (`subscript(_:)`) carries a copy of its column's name and cost
/// about 350 instructions to make and destroy, a third of the reading of a 12-column row. Other types
/// and formats go through postgres-nio's decoders with a ``subscript(_:)`` cell.
struct RowCells {
    private struct Column {
        let dataType: PostgresDataType
        let format: PostgresFormat
    }

    private var cells: PostgresRandomAccessRow?
    private var columns: [Column] = []

    /// Makes `row` the current row (every row of a statement has the same columns).
    mutating func load(_ row: PostgresRow) {
        let cells = row.makeRandomAccess()
        if columns.isEmpty { columns = cells.map { Column(dataType: $0.dataType, format: $0.format) } }
        self.cells = cells
    }

    /// The cell at `index`, for postgres-nio's decoders.
    subscript(index: Int) -> PostgresCell {
        cells![index]
    }

    private func bytes(at index: Int) -> ByteBuffer? {
        cells![data: index].value
    }

    /// The integer at `index`, or `nil` for NULL.
    func integer(at index: Int) throws -> Int64? {
        guard let cell = bytes(at: index) else { return nil }
        if columns[index].format == .binary, let integer = BinaryCell.integer(cell, type: columns[index].dataType) { return integer }
        return try self[index].decode(Int64.self)
    }

    /// What `read` makes of the bytes of the binary-format cell at `index` and its column's type; `nil`
    /// for NULL and for a cell in another format, which only postgres-nio's decoders read.
    @inline(__always)
    func binary<Value>(at index: Int, _ read: (ByteBuffer, PostgresDataType) -> Value?) -> Value? {
        guard columns[index].format == .binary, let cell = bytes(at: index) else { return nil }
        return read(cell, columns[index].dataType)
    }

    /// Whether the cell at `index` is NULL.
    func isNull(at index: Int) -> Bool {
        bytes(at: index) == nil
    }

    /// The value at `index` as an attribute of `type` stores it; `nil` when it does not decode
    /// (``PostgresColumnReader/value(_:type:)``).
    func value(at index: Int, type: AttributeType) -> AttributeValue? {
        guard let cell = bytes(at: index) else { return .null }
        if columns[index].format == .binary,
           let value = BinaryCell.value(cell, type: columns[index].dataType, attributeType: type) { return value }
        return PostgresColumnReader.decodedValue(self[index], type: type)
    }
}
#endif
