import CSQLite
import Foundation

/// A plain SQLite connection for looking at what the store wrote, independently of the store.
final class RawDatabase {
    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            sqlite3_close_v2(handle)
            throw RawDatabaseError(message: "cannot open \(path)")
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// Every row of `sql`, each column rendered as text (`NULL` for null).
    func rows(_ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw RawDatabaseError(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
            })
        }
        return rows
    }

    /// The first column of every row.
    func column(_ sql: String) throws -> [String] { try rows(sql).map { $0.first ?? "" } }

    /// Every row of every table, in a stable order: the whole content of the database.
    func dump() throws -> [String: [[String]]] {
        var content: [String: [[String]]] = [:]
        for table in try column("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            content[table] = try rows("SELECT * FROM \"\(table)\" ORDER BY 1, 2")
        }
        return content
    }
}

struct RawDatabaseError: Error {
    let message: String
}

extension RawDatabase {
    /// Runs statements that return no rows.
    func execute(_ sql: String) throws {
        try sql.split(separator: ";\n").forEach { _ = try rows(String($0)) }
    }
}
