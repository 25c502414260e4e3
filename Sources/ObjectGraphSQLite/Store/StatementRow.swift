import Foundation
import ObjectGraph
import ObjectGraphSQL

/// The current row of a statement over a table's select list, read as the stored row of one object of
/// `layout`'s entity: its typed reads take a column straight from SQLite where ``RowReader/value(_:_:)``
/// would make the same value of the attribute's type, so that a row decodes into an object as it does
/// into a snapshot, with the same values accepted and rejected. One row object serves every row of a
/// statement (``moveTo(key:layout:)``).
final class StatementRow: StoredRow {
    let statement: Statement
    private(set) var layout: EntityLayout
    /// The row's key, to name the row in errors.
    private(set) var key: Int64 = 0

    init(statement: Statement, layout: EntityLayout) {
        self.statement = statement
        self.layout = layout
    }

    /// Makes the statement's current row, with `key`, of `layout`'s entity the row read.
    func moveTo(key: Int64, layout: EntityLayout) {
        self.key = key
        if self.layout !== layout { self.layout = layout }
    }

    /// Makes the statement's current row, with `key`, of the last row's entity the row read.
    func moveTo(key: Int64) {
        self.key = key
    }

    func value(at index: Int) throws -> AttributeValue {
        guard let read = layout.attributeReads[index] else { return .null }
        return try RowReader.value(statement, read, attribute: layout.entity.attributes[index], row: "\(layout.table)/\(key)")
    }

    func isNull(at index: Int) -> Bool {
        guard let read = layout.attributeReads[index] else { return true }
        return read.isNullable && statement.isNull(read.index)
    }

    func toOneID(at slot: Int) -> AnyObjectID? {
        let column = layout.toOneSelectIndices[slot]
        return statement.isNull(column) ? nil : AnyObjectID(entityName: layout.toOneDestinationTables[slot], key: .integer(statement.int64(column)))
    }

    func string(at index: Int) -> String? {
        column(at: index) { $0 == .string }.map(statement.string)
    }

    func integer(at index: Int) -> Int64? {
        column(at: index) { $0 == .integer64 || $0 == .integer32 || $0 == .integer16 }.map(statement.int64)
    }

    func double(at index: Int) -> Double? {
        column(at: index) { $0 == .double || $0 == .float }.map(statement.double)
    }

    func bool(at index: Int) -> Bool? {
        column(at: index) { $0 == .boolean }.map { statement.int64($0) != 0 }
    }

    func date(at index: Int) -> Date? {
        column(at: index) { $0 == .date }.map { Date(timeIntervalSinceReferenceDate: statement.double($0)) }
    }

    func data(at index: Int) -> Data? {
        column(at: index) { [.binary, .transformable, .composite, .undefined].contains($0) }.map(statement.data)
    }

    /// The column of the attribute at `index` when its type is one `isReadType` accepts and it is not NULL.
    @inline(__always)
    private func column(at index: Int, where isReadType: (AttributeType) -> Bool) -> Int32? {
        guard let read = layout.attributeReads[index], isReadType(read.type), !(read.isNullable && statement.isNull(read.index)) else {
            return nil
        }
        return read.index
    }
}
