import Foundation
import ObjectGraph

/// Rewrites the values of one column, copied from an attribute of a scalar type that became a String,
/// as the text ``ObjectGraph/MigrationStep/isLossless(from:to:)`` documents: `true`/`false`, dates in
/// ISO 8601 in UTC with nine fraction digits, numbers as Swift prints them (shortest exact form), UUIDs
/// in their standard form. The values are read from the older table, typed, and written by key, so both
/// stores write the same text. (Integers, which `CAST … AS TEXT` writes the same way, are converted in
/// SQL by the copy.)
package struct TextConversion {
    /// The newer table and its text column.
    package let table: String
    package let column: String
    /// The older table (under its rebuild name) and column the values come from.
    package let oldTable: String
    package let oldColumn: String
    /// The code of the older entity whose rows are converted.
    package let code: Int64
    package let from: AttributeType

    /// Converts every non-NULL value.
    package nonisolated(nonsending) func run(on database: some MigrationDatabase) async throws {
        let pk = SQL.quote(SQL.primaryKey)
        let rows = try await database.rows(
            "SELECT \(pk), \(SQL.quote(oldColumn)) FROM \(SQL.quote(oldTable)) "
                + "WHERE \(SQL.quote(SQL.entityColumn)) = \(code) AND \(SQL.quote(oldColumn)) IS NOT NULL",
            [], types: [.integer64, from])
        let update = "UPDATE \(SQL.quote(table)) SET \(SQL.quote(column)) = ? WHERE \(pk) = ?"
        for row in rows where !row[1].isNull {
            try await database.execute(update, [.string(Self.text(row[1], from: from)), row[0]])
        }
    }

    /// `value`, read as `type`, as text.
    package static func text(_ value: AttributeValue, from type: AttributeType) -> String {
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
    package static func text(_ date: Date) -> String {
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
