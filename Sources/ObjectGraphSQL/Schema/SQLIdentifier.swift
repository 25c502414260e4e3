/// Identifier quoting: every table, column and index name goes through here.
package enum SQL {
    /// `name` as a quoted SQL identifier, with embedded quotes doubled.
    package static func quote(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `alias."column"`.
    package static func column(_ alias: String, _ name: String) -> String {
        alias + "." + quote(name)
    }

    /// The primary key column of every entity table (SQLite's rowid).
    package static let primaryKey = "_pk"
    /// The column holding the concrete entity's code.
    package static let entityColumn = "_entity"
    /// The row version column of dialects that keep one (``SQLDialect/keepsRowVersions``).
    package static let versionColumn = "_version"
}
