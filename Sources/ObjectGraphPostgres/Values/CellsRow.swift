#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// A statement's current row over a table's row select list, read as the stored row of one object of
/// ``layout``'s entity: ``value(at:)`` is the value a ``SnapshotReader`` would put in the row's snapshot,
/// and the typed reads take a binary-format cell of the store's column type in place (``BinaryCell``,
/// as the snapshot's value is read), so that a row decodes into an object as it does into a snapshot,
/// with the same values accepted and rejected. Anything else (NULL, another column type or format)
/// answers `nil` and goes through ``value(at:)``. One row object serves every row of a statement
/// (``move(to:key:layout:)``).
final class CellsRow: StoredRow {
    private let table: TableLayout
    private var cells = RowCells()
    private(set) var layout: EntityLayout
    /// The row's key, to name the row in errors.
    private(set) var key: Int64 = 0
    /// The row's to-one destinations, read when it becomes the current row (reading one can fail).
    private var toOneIDs: [AnyObjectID?] = []

    /// A row object for rows of `table`, starting with an entity of `layout`.
    init(table: TableLayout, layout: EntityLayout) {
        self.table = table
        self.layout = layout
    }

    /// Makes `cells`, the row with `key` of an object of `layout`'s entity, the row read.
    /// - Throws: ``ObjectGraph/ObjectGraphError/inconsistentData(_:)`` when a to-one's key does not decode.
    func move(to cells: RowCells, key: Int64, layout: EntityLayout) throws {
        self.cells = cells
        self.key = key
        if self.layout !== layout { self.layout = layout }
        toOneIDs.removeAll(keepingCapacity: true)
        try cells.forEachToOneID(of: layout) { toOneIDs.append($0) }
    }

    func value(at index: Int) throws -> AttributeValue {
        try cells.attributeValue(at: index, of: layout, key: key, table: table)
    }

    func isNull(at index: Int) -> Bool {
        guard let read = layout.attributeReads[index] else { return true }
        return cells.isNull(at: Int(read.index))
    }

    func toOneID(at slot: Int) -> AnyObjectID? {
        toOneIDs[slot]
    }

    func string(at index: Int) -> String? {
        cell(at: index, where: { $0 == .string }, BinaryCell.string)
    }

    func integer(at index: Int) -> Int64? {
        cell(at: index, where: { $0 == .integer64 || $0 == .integer32 || $0 == .integer16 }, BinaryCell.integer)
    }

    func double(at index: Int) -> Double? {
        cell(at: index, where: { $0 == .double || $0 == .float }, BinaryCell.double)
    }

    func bool(at index: Int) -> Bool? {
        cell(at: index, where: { $0 == .boolean }, BinaryCell.bool)
    }

    func date(at index: Int) -> Date? {
        cell(at: index, where: { $0 == .date }, BinaryCell.date)
    }

    func data(at index: Int) -> Data? {
        cell(at: index, where: { [.binary, .transformable, .composite, .undefined].contains($0) }) { bytes, _ in BinaryCell.data(bytes) }
    }

    /// What `read` makes of the binary-format cell of the attribute at `index` when its type is one
    /// `isReadType` accepts; `nil` otherwise.
    @inline(__always)
    private func cell<Value>(
        at index: Int, where isReadType: (AttributeType) -> Bool, _ read: (ByteBuffer, PostgresDataType) -> Value?
    ) -> Value? {
        guard let column = layout.attributeReads[index], isReadType(column.type) else { return nil }
        return cells.binary(at: Int(column.index), read)
    }
}
#endif
