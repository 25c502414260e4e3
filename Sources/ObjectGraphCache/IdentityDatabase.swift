import CSQLite
import Foundation

/// The SQLite file that maps the caching store's object IDs (the remote store's) to the cache's rows, and
/// remembers when each object and each fetch was last read from the server. Used on the store's actor only.
final class IdentityDatabase {
    private let handle: OpaquePointer
    let path: String

    /// Opens (creating if missing) the database at `path`, or a private in-memory one for `nil`.
    init(path: String?) throws(CachingStoreError) {
        let name = path ?? ":memory:"
        var database: OpaquePointer?
        let code = sqlite3_open_v2(name, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } } ?? "error \(code)"
            sqlite3_close_v2(database)
            throw .identityDatabase(path: name, message: message, sql: "open")
        }
        handle = database
        self.path = name
        try execute("""
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            PRAGMA busy_timeout = 5000;
            CREATE TABLE IF NOT EXISTS cache_identity(
                root TEXT NOT NULL, remote_key TEXT NOT NULL, local_key TEXT NOT NULL,
                fetched_at REAL NOT NULL, used_at INTEGER NOT NULL,
                PRIMARY KEY (root, remote_key)) WITHOUT ROWID;
            CREATE UNIQUE INDEX IF NOT EXISTS cache_identity_local ON cache_identity(root, local_key);
            CREATE TABLE IF NOT EXISTS cache_queries(request TEXT PRIMARY KEY, fetched_at REAL NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS cache_aliases(
                root TEXT NOT NULL, store_key TEXT NOT NULL, remote_key TEXT,
                PRIMARY KEY (root, store_key)) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS cache_outbox(
                sequence INTEGER PRIMARY KEY, changes TEXT NOT NULL, key_seed TEXT NOT NULL, stopped TEXT);
            """)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs statements without parameters.
    func execute(_ sql: String) throws(CachingStoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw .identityDatabase(path: path, message: message.map { String(cString: $0) } ?? "error \(code)", sql: sql)
        }
    }

    /// Runs `sql` once per element of `rows`, binding its text, real and integer values in order: inside
    /// the open ``transaction(_:)``, or in a transaction of its own.
    func run(_ sql: String, rows: [[IdentityValue]]) throws(CachingStoreError) {
        guard !rows.isEmpty else { return }
        try transaction { () throws(CachingStoreError) in
            let statement = try prepare(sql)
            defer { sqlite3_finalize(statement) }
            for row in rows {
                sqlite3_reset(statement)
                bind(row, to: statement)
                guard sqlite3_step(statement) == SQLITE_DONE else { throw failure(sql) }
            }
        }
    }

    /// Runs `body` in one transaction (or in the one already open): all of its writes or none.
    func transaction<T>(_ body: () throws(CachingStoreError) -> T) throws(CachingStoreError) -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN IMMEDIATE")
        do throws(CachingStoreError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Every row of `sql`, as text columns (`nil` for NULL).
    func query(_ sql: String, _ arguments: [IdentityValue] = []) throws(CachingStoreError) -> [[String?]] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        bind(arguments, to: statement)
        var rows: [[String?]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(sql) }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            })
        }
    }

    private func prepare(_ sql: String) throws(CachingStoreError) -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw failure(sql) }
        return statement
    }

    private func bind(_ values: [IdentityValue], to statement: OpaquePointer) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
            case .real(let number): sqlite3_bind_double(statement, index, number)
            case .integer(let number): sqlite3_bind_int64(statement, index, number)
            }
        }
    }

    private func failure(_ sql: String) -> CachingStoreError {
        .identityDatabase(path: path, message: sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error", sql: sql)
    }
}

/// A value bound to an identity database statement.
enum IdentityValue {
    case text(String)
    case real(Double)
    case integer(Int64)
}
