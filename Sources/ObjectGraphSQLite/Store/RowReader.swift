import CSQLite
import Foundation
import ObjectGraph

/// Turns rows of a table's select list into ``Snapshot`` values.
struct RowReader {
    let schema: StoreSchema
    let table: TableLayout

    func snapshot(_ statement: Statement) throws -> Snapshot {
        let key = statement.int64(0)
        guard let layout = schema.layout(code: statement.int64(1)) else {
            throw ObjectGraphError.inconsistentData("row \(table.name)/\(key) has an unknown entity code \(statement.int64(1))")
        }
        let attributes = layout.entity.attributes
        var values: [AttributeValue] = []
        values.reserveCapacity(attributes.count)
        for (index, column) in layout.attributeSelectIndices.enumerated() {
            guard let column else {
                values.append(.null)
                continue
            }
            guard let value = Self.value(statement, column: column, type: attributes[index].type) else {
                throw ObjectGraphError.inconsistentData(
                    "\(table.name)/\(key): the stored \(attributes[index].name) is not a valid \(attributes[index].type.rawValue)")
            }
            values.append(value)
        }
        var toOneIDs: [AnyObjectID?] = []
        toOneIDs.reserveCapacity(layout.toOneSelectIndices.count)
        for (column, destination) in zip(layout.toOneSelectIndices, layout.toOneDestinationTables) {
            toOneIDs.append(statement.isNull(column) ? nil : AnyObjectID(entityName: destination, key: .integer(statement.int64(column))))
        }
        return Snapshot(id: AnyObjectID(entityName: layout.table, key: .integer(key)), entityName: layout.entity.name,
                        values: values, toOneIDs: toOneIDs)
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
