import Foundation
import ObjectGraph
import ObjectGraphSQL

/// Rewrites the values of one column, copied from an attribute of a scalar type that became a String,
/// as text: `true`/`false`, dates in ISO 8601 with fractional seconds, numbers as Swift prints them
/// (shortest exact form), UUIDs in their standard form.
struct TextConversion {
    let connection: Connection
    let table: String
    let column: String
    let code: Int64
    let from: AttributeType

    func run() throws {
        let read = try connection.statement("SELECT \(SQL.quote(SQL.primaryKey)), \(SQL.quote(column)) FROM \(SQL.quote(table)) "
            + "WHERE \(SQL.quote(SQL.entityColumn)) = \(code) AND \(SQL.quote(column)) IS NOT NULL")
        var rows: [(Int64, String)] = []
        while try read.step() {
            guard let value = RowReader.value(read, ColumnRead(index: 1, type: from, isNullable: true)) else { continue }
            rows.append((read.int64(0), Self.text(value, from: from)))
        }
        read.reset()
        let write = try connection.statement("UPDATE \(SQL.quote(table)) SET \(SQL.quote(column)) = ? WHERE \(SQL.quote(SQL.primaryKey)) = ?")
        for (key, text) in rows {
            write.bind(text, at: 1)
            write.bind(key, at: 2)
            try write.run()
        }
    }

    /// `value`, read as `type`, as text.
    static func text(_ value: AttributeValue, from type: AttributeType) -> String {
        switch value {
        case .bool(let bool): bool ? "true" : "false"
        case .integer(let integer): String(integer)
        case .double(let double): type == .float ? Float(double).description : double.description
        case .decimal(let decimal): decimal.description
        case .string(let string): string
        case .date(let date): date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        case .uuid(let uuid): uuid.uuidString
        case .url(let url): url.absoluteString
        case .data, .null: ""
        }
    }
}
