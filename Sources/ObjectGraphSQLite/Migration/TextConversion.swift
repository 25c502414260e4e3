import Foundation
import ObjectGraph
import ObjectGraphSQL

/// Rewrites the values of one column, copied from an attribute of a scalar type that became a String,
/// as the text ``ObjectGraph/MigrationStep/isLossless(from:to:)`` documents: `true`/`false`, dates in
/// ISO 8601 in UTC with nine fraction digits, numbers as Swift prints them (shortest exact form), UUIDs
/// in their standard form. (Integers and Decimals, which SQLite's `CAST … AS TEXT` writes the same way,
/// are converted in SQL by the copy.)
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
        case .date(let date): text(date)
        case .uuid(let uuid): uuid.uuidString
        case .url(let url): url.absoluteString
        case .data, .null: ""
        }
    }

    /// `2001-01-01T00:00:01.500000000Z`: ISO 8601 in UTC with the fraction of the second in nanoseconds.
    static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        var whole = seconds.rounded(.down)
        var nanoseconds = Int(((seconds - whole) * 1_000_000_000).rounded())
        if nanoseconds == 1_000_000_000 {
            whole += 1
            nanoseconds = 0
        }
        let stamp = Date(timeIntervalSinceReferenceDate: whole).formatted(Date.ISO8601FormatStyle())
        let fraction = String(nanoseconds)
        return stamp.dropLast() + "." + String(repeating: "0", count: 9 - fraction.count) + fraction + "Z"
    }
}
