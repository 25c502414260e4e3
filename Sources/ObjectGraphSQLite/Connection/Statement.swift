import CSQLite
import Foundation
import ObjectGraph

/// One prepared statement: binding ``AttributeValue``s in their storage form and reading columns.
///
/// Storage forms: Booleans and integers as INTEGER, doubles and dates (seconds since the reference date)
/// as REAL, strings, URLs and decimals (canonical text) as TEXT, data and UUIDs (16 bytes) as BLOB.
final class Statement {
    let handle: OpaquePointer
    let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `value` to the 1-based parameter `index`.
    func bind(_ value: AttributeValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .bool(let bool): sqlite3_bind_int64(handle, index, bool ? 1 : 0)
        case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
        case .double(let double): sqlite3_bind_double(handle, index, double)
        case .decimal(let decimal): bind(decimal.description, at: index)
        case .string(let string): bind(string, at: index)
        case .date(let date): sqlite3_bind_double(handle, index, date.timeIntervalSinceReferenceDate)
        case .data(let data): bind(data, at: index)
        case .uuid(let uuid): withUnsafeBytes(of: uuid.uuid) { bind(bytes: $0, at: index) }
        case .url(let url): bind(url.absoluteString, at: index)
        }
    }

    func bindNull(at index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    func bind(_ integer: Int64, at index: Int32) {
        sqlite3_bind_int64(handle, index, integer)
    }

    func bind(_ string: String, at index: Int32) {
        var string = string
        string.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    _ = sqlite3_bind_text(handle, index, base, Int32(chars.count), sqliteTransient)
                } else {
                    _ = sqlite3_bind_text(handle, index, emptyCString, 0, nil)
                }
            }
        }
    }

    private func bind(_ data: Data, at index: Int32) {
        data.withUnsafeBytes { bind(bytes: $0, at: index) }
    }

    private func bind(bytes: UnsafeRawBufferPointer, at index: Int32) {
        if let base = bytes.baseAddress {
            sqlite3_bind_blob(handle, index, base, Int32(bytes.count), sqliteTransient)
        } else {
            sqlite3_bind_zeroblob(handle, index, 0)
        }
    }

    /// Binds `values` to parameters 1, 2, ….
    func bind(_ values: [AttributeValue]) {
        for (offset, value) in values.enumerated() { bind(value, at: Int32(offset + 1)) }
    }

    /// Advances to the next row: `true` for a row, `false` when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw StatementFailure(handle: handle, code: code, sql: sql)
        }
    }

    /// Runs a statement that returns no rows, then resets it.
    func run() throws {
        defer { sqlite3_reset(handle) }
        _ = try step()
    }

    func reset() {
        sqlite3_reset(handle)
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    func data(_ column: Int32) -> Data {
        guard let blob = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: blob, count: Int(sqlite3_column_bytes(handle, column)))
    }
}

/// A static empty C string: bound for empty Swift strings, which have no buffer to point at.
nonisolated(unsafe) let emptyCString: UnsafePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return UnsafePointer(pointer)
}()

/// `SQLITE_TRANSIENT`, a macro Swift does not import: SQLite copies the bound bytes.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A failed `sqlite3_step`, with the extended code and message read right away.
struct StatementFailure: Error {
    let code: Int32
    let extendedCode: Int32
    let message: String
    let sql: String

    init(handle: OpaquePointer, code: Int32, sql: String) {
        let database = sqlite3_db_handle(handle)
        self.code = code
        self.extendedCode = sqlite3_extended_errcode(database)
        self.message = sqlite3_errmsg(database).map { String(cString: $0) } ?? "unknown error"
        self.sql = sql
    }

    var storeError: SQLiteStoreError { .sqlite(code: extendedCode, message: message, sql: sql) }
}
