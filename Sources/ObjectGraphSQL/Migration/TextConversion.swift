import Foundation
import ObjectGraph

/// Rewrites the values of one column, copied from an attribute of a scalar type that became a String,
/// as the text ``ObjectGraph/MigrationStep/isLossless(from:to:)`` documents: `true`/`false`, dates in
/// ISO 8601 in UTC with nine fraction digits, numbers as Swift prints them (shortest exact form), UUIDs
/// in their standard form.
///
/// Booleans and UUIDs (``expression(_:from:in:)``), like integers (`CAST … AS TEXT`), are converted in
/// SQL by the copy itself. Dates and floating-point numbers are not: neither database prints them as
/// Swift does, so their values are read from the older table, typed, and written by key, one `UPDATE`
/// per row, so both stores write the same text.
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
        let dialect = database.dialect
        let pk = dialect.quote(SQL.primaryKey)
        let rows = try await database.rows(
            "SELECT \(pk), \(dialect.quote(oldColumn)) FROM \(dialect.quote(oldTable)) "
                + "WHERE \(dialect.quote(SQL.entityColumn)) = \(code) AND \(dialect.quote(oldColumn)) IS NOT NULL",
            [], types: [.integer64, from])
        let update = "UPDATE \(dialect.quote(table)) SET \(dialect.quote(column)) = ? WHERE \(pk) = ?"
        for row in rows where !row[1].isNull {
            try await database.execute(update, [.string(Self.text(row[1], from: from)), row[0]])
        }
    }

    /// SQL computing the text of the older `column` (an expression over the older row) of `type` in
    /// `dialect`, NULL staying NULL, when SQL can write exactly the text ``text(_:from:)`` writes: for
    /// booleans and UUIDs (SQLite stores a UUID as 16 bytes, PostgreSQL as `uuid`); `nil` otherwise.
    ///
    /// ```swift
    /// TextConversion.expression("o.\"flag\"", from: .boolean, in: .sqlite)
    /// // CASE WHEN o."flag" IS NULL THEN NULL WHEN o."flag" THEN 'true' ELSE 'false' END
    /// ```
    package static func expression(_ column: String, from type: AttributeType, in dialect: SQLDialect) -> String? {
        switch (type, dialect) {
        case (.boolean, _):
            return "CASE WHEN \(column) IS NULL THEN NULL WHEN \(column) THEN 'true' ELSE 'false' END"
        case (.uuid, .postgreSQL):
            return "upper(CAST(\(column) AS TEXT))"
        case (.uuid, .sqlite):
            let hex = "hex(\(column))"
            let groups = [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)].map { "substr(\(hex), \($0.0), \($0.1))" }
            return "CASE WHEN \(column) IS NULL THEN NULL ELSE \(groups.joined(separator: " || '-' || ")) END"
        default:
            return nil
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
