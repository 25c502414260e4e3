import CSQLite
import Foundation
import ObjectGraphSQL

extension Connection {
    /// WAL journal (for files), the busy timeout and cache sizes of `configuration`, case-sensitive
    /// LIKE (so `LIKE` matches the runtime's string semantics and can use indexes), and the `og_fold`
    /// function.
    func configure(_ configuration: SQLiteStore.Configuration) throws {
        let (seconds, attoseconds) = configuration.busyTimeout.components
        sqlite3_busy_timeout(handle, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        if path != ":memory:" {
            _ = try text("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = NORMAL")
            if let bytes = configuration.memoryMapSize { _ = try text("PRAGMA mmap_size = \(bytes)") }
        }
        if let bytes = configuration.pageCacheSize {
            // A negative cache size counts KiB instead of pages.
            try execute("PRAGMA cache_size = -\(bytes / 1024)")
        }
        try execute("PRAGMA case_sensitive_like = ON")
        try registerFoldFunction()
        try registerDecimalFunction()
    }

    /// `og_decimal_real(text)`: a decimal column's value rounded to the nearest double exactly as the
    /// runtime rounds a decimal it compares with a double; NULL (or text that is no decimal) gives NULL.
    private func registerDecimalFunction() throws {
        let code = sqlite3_create_function_v2(
            handle, "og_decimal_real", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, count, arguments in
                guard count == 1, let arguments, let textValue = arguments[0], let text = sqlite3_value_text(textValue),
                      let decimal = Decimal(string: String(cString: text)) else {
                    sqlite3_result_null(context)
                    return
                }
                sqlite3_result_double(context, NSDecimalNumber(decimal: decimal).doubleValue)
            },
            nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteStoreError.sqlite(code: code, message: lastMessage, sql: "og_decimal_real")
        }
    }

    /// `og_fold(text, options)`: the text folded like the runtime folds strings for `[c]` (1), `[d]` (2)
    /// and `[cd]` (3) comparisons; NULL stays NULL.
    private func registerFoldFunction() throws {
        let code = sqlite3_create_function_v2(
            handle, "og_fold", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, count, arguments in
                guard count == 2, let arguments, let textValue = arguments[0], let optionsValue = arguments[1],
                      let text = sqlite3_value_text(textValue) else {
                    sqlite3_result_null(context)
                    return
                }
                let string = String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(textValue))),
                                    as: UTF8.self)
                var folded = foldForComparison(string, options: Int(sqlite3_value_int(optionsValue)))
                folded.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { chars in
                        sqlite3_result_text(context, chars.baseAddress ?? emptyCString, Int32(chars.count), sqliteTransient)
                    }
                }
            },
            nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteStoreError.sqlite(code: code, message: lastMessage, sql: "og_fold")
        }
    }
}
