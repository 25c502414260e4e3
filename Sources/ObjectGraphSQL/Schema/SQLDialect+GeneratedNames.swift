/// Identifiers as each dialect can hold them: every table, link table, column, index, constraint and
/// sequence name the translator emits goes through ``generatedName(_:)`` (by ``quote(_:)`` and
/// ``column(_:_:)``), so schema creation, queries, saves and migrations name the same objects.
extension SQLDialect {
    /// The longest identifier PostgreSQL keeps, in bytes (`NAMEDATALEN - 1`): it cuts longer ones silently.
    package static let postgreSQLNameLimit = 63

    /// `name` (of a table, column, index, constraint or sequence) as this dialect stores it: unchanged in
    /// SQLite and whenever it fits PostgreSQL's 63 bytes; otherwise its first whole characters, `_` and
    /// 16 hex digits of a hash of the whole name (FNV-1a, the same on every machine). Two long names that
    /// share their first 63 bytes so stay two names, where PostgreSQL would cut both to one (two columns
    /// would collide, and `CREATE INDEX IF NOT EXISTS` would skip the second index).
    ///
    /// ```swift
    /// SQLDialect.postgreSQL.generatedName("Mood_Mood_compound_markedForRemoteDeletion_markedForDeletionDate_date")
    /// // "Mood_Mood_compound_markedForRemoteDeletion_mar_9ad633055ebff5df" (63 bytes)
    /// ```
    package func generatedName(_ name: String) -> String {
        guard self == .postgreSQL, name.utf8.count > Self.postgreSQLNameLimit else { return name }
        let hash = String(Self.fnv1a(name), radix: 16)
        let suffix = "_" + String(repeating: "0", count: 16 - hash.count) + hash
        var prefix = ""
        for character in name {
            guard prefix.utf8.count + String(character).utf8.count + suffix.utf8.count <= Self.postgreSQLNameLimit else { break }
            prefix.append(character)
        }
        return prefix + suffix
    }

    /// `name` as this dialect stores it (``generatedName(_:)``), as a quoted SQL identifier.
    ///
    /// ```swift
    /// SQLDialect.postgreSQL.quote("Band")  // "\"Band\""
    /// ```
    package func quote(_ name: String) -> String {
        SQL.quote(generatedName(name))
    }

    /// `alias."column"`, the column's name as this dialect stores it.
    package func column(_ alias: String, _ name: String) -> String {
        alias + "." + quote(name)
    }

    /// The name PostgreSQL gave `name` before this rule: its first 63 bytes (whole characters), as the
    /// server cuts a longer identifier. `nil` when `name` fits, or in SQLite.
    package func serverCutName(_ name: String) -> String? {
        guard self == .postgreSQL, name.utf8.count > Self.postgreSQLNameLimit else { return nil }
        var cut = String.UnicodeScalarView()
        var bytes = 0
        for scalar in name.unicodeScalars {
            bytes += String(scalar).utf8.count
            guard bytes <= Self.postgreSQLNameLimit else { break }
            cut.append(scalar)
        }
        return String(cut)
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
