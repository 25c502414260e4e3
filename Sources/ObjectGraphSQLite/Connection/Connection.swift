import CSQLite
import Foundation

/// One open SQLite connection with a cache of prepared statements. Not thread-safe: the store uses it
/// only on its own serial executor.
final class Connection {
    let handle: OpaquePointer
    let path: String
    private var cache: [String: Statement] = [:]
    /// Distinct statements kept prepared; queries with varying shapes (IN lists) would grow the cache
    /// without bound, so it starts over when full. Statements in use stay valid (callers hold them).
    private let cacheLimit = 256

    /// Opens (creating if missing) the database at `path`, or a private in-memory one for `nil`.
    init(path: String?) throws {
        let name = path ?? ":memory:"
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(name, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } } ?? "error \(code)"
            sqlite3_close_v2(database)
            throw SQLiteStoreError.cannotOpen(path: name, message: message)
        }
        self.handle = database
        self.path = name
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without parameters.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw SQLiteStoreError.sqlite(
                code: sqlite3_extended_errcode(handle), message: message.map { String(cString: $0) } ?? "error \(code)", sql: sql)
        }
    }

    /// The prepared statement for `sql`, prepared once and reset for reuse.
    func statement(_ sql: String) throws -> Statement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(self.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw SQLiteStoreError.sqlite(code: sqlite3_extended_errcode(self.handle), message: lastMessage, sql: sql)
        }
        let statement = Statement(handle: handle, sql: sql)
        if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[sql] = statement
        return statement
    }

    /// The first column of the first row of `sql` as text, or `nil` without a row.
    func text(_ sql: String, _ arguments: [String] = []) throws -> String? {
        let statement = try statement(sql)
        defer { statement.reset() }
        for (offset, argument) in arguments.enumerated() { statement.bind(argument, at: Int32(offset + 1)) }
        return try statement.step() ? statement.string(0) : nil
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var lastMessage: String { sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error" }
}
