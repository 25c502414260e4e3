/// The statements of PostgreSQL that take a save's row locks in its one order, (table, key): a save locks
/// every existing row it will change, or whose key it will store, table by table in name order, each
/// table's rows in key order, before or as it first changes them, so two saves wait for each other in
/// turn, never in a cycle (a deadlock, 40P01).
extension WriteSQL {
    /// `SELECT count(*) FROM (SELECT 1 FROM table WHERE "_pk" = ANY((SELECT $1)::bigint[]) OR "c" =
    /// ANY((SELECT $2)::bigint[]) … ORDER BY "_pk" FOR mode) AS locked`: locks, one by one in key order, the
    /// rows whose keys the first array argument holds and the rows whose key column `referencing[i]` holds
    /// a key of argument `i + 2` (the rows an `ON DELETE SET NULL` changes when those keys' rows are
    /// deleted), whatever order the plans of the statements that change them later take. The arrays are
    /// read unseen by the planner (``SQLDialect/unseenKeyArray(_:)``), so the rows are found through the
    /// key columns' indexes (a bitmap of each), not by reading the whole table.
    package func lockInKeyOrder(table: String, mode: RowLockMode = .noKeyUpdate, referencing: [String] = []) -> String {
        let key = dialect.quote(SQL.primaryKey)
        let columns = [key] + referencing.map(dialect.quote)
        let conditions = columns.enumerated().map { "\($1) = ANY(\(dialect.unseenKeyArray(dialect.placeholder($0 + 1))))" }
        return "SELECT count(*) FROM (SELECT 1 FROM \(dialect.quote(table)) WHERE \(conditions.joined(separator: " OR ")) "
            + "ORDER BY \(key) FOR \(mode.clause)) AS locked"
    }

    /// `SELECT count(*) FROM (SELECT 1 FROM link WHERE ("a" = ANY($1) AND ("a", "b") IN (SELECT * FROM
    /// unnest($1, $2))) OR "a" = ANY($3) OR "b" = ANY($4) ORDER BY "a", "b" FOR UPDATE) AS locked`: locks in
    /// key order the link rows the arrays of `a` and `b` keys name and the rows of either end whose object
    /// the save deletes (the rows its `ON DELETE CASCADE` deletes), in the mode of a `DELETE`. Each arm of
    /// the `OR` has a condition an index answers (the unique `("a", "b")` index by its leading `a`, the
    /// index on `b`), so the plan is a bitmap of index scans that reads only the links of the named
    /// objects; a pair's exact match is checked on those rows by the `IN`, which PostgreSQL hashes. With the
    /// `IN` alone in its arm the plan read every row of the table (132 ms for 3 links of a table of
    /// 1,000,000, 0.15 ms now; 126 → 25 ms for 5,000). Its arrays stay in the planner's view: unseen, an
    /// `= ANY` array is not hashed but searched element by element for each row it filters.
    package func lockLinksInKeyOrder(_ link: LinkTable) -> String {
        let (a, b) = (dialect.quote(LinkTable.Side.a.ownerColumn), dialect.quote(LinkTable.Side.b.ownerColumn))
        return "SELECT count(*) FROM (SELECT 1 FROM \(dialect.quote(link.name)) "
            + "WHERE (\(a) = ANY(\(dialect.placeholder(1))) AND (\(a), \(b)) IN (SELECT * FROM \(unnest(2)))) "
            + "OR \(a) = ANY(\(dialect.placeholder(3))) OR \(b) = ANY(\(dialect.placeholder(4))) "
            + "ORDER BY \(a), \(b) FOR \(RowLockMode.update.clause)) AS locked"
    }

    /// `INSERT INTO link ("a", "b", "a_pos", "b_pos") SELECT v."a", v."b", (SELECT coalesce(max("a_pos"), -1)
    /// + 1 FROM link WHERE "a" = v."a") + v."a_rank", … FROM unnest($1, $2, $3, $4) AS v("a", "b", "a_rank",
    /// "b_rank") ON CONFLICT DO NOTHING`: a save's new links in one statement, in the order of the arrays
    /// (the store sorts them by key, so a link another save is inserting is waited for in the save's lock
    /// order). Each end's position is after that end's members before the statement, plus the link's rank
    /// among the statement's links of that end (the statement does not see its own rows), so they are
    /// appended in the order the ranks give. A link that exists is left as it is.
    package func linkFromArrays(_ link: LinkTable) -> String {
        let table = dialect.quote(link.name)
        let sides: [LinkTable.Side] = [.a, .b]
        let names = sides.map { dialect.quote($0.ownerColumn) } + sides.map { dialect.quote($0.positionColumn) }
        let ranks = sides.map { dialect.quote($0.ownerColumn + "_rank") }
        let positions = sides.enumerated().map { number, side in
            let (column, position) = (dialect.quote(side.ownerColumn), dialect.quote(side.positionColumn))
            return "(SELECT coalesce(max(\(position)), -1) + 1 FROM \(table) WHERE \(column) = v.\(column)) + v.\(ranks[number])"
        }
        let select = "SELECT v.\(names[0]), v.\(names[1]), \(positions.joined(separator: ", ")) "
            + "FROM \(unnest(4)) AS v(\(names[0]), \(names[1]), \(ranks.joined(separator: ", ")))"
        return dialect.insertIgnoringConflicts(into: link.name, columns: names, select: select)
    }
}

/// The strength of a row lock a save takes, weakest first: PostgreSQL's row lock modes that a save's
/// statements take themselves.
package enum RowLockMode: Int, Comparable, Sendable {
    /// `FOR KEY SHARE`: what a foreign key check takes on the row a stored key names; it keeps the row
    /// from being deleted, and waits only for a save deleting it.
    case keyShare
    /// `FOR NO KEY UPDATE`: what an `UPDATE` of columns other than the key takes.
    case noKeyUpdate
    /// `FOR UPDATE`: what a `DELETE` takes.
    case update

    /// The mode in a locking clause: `FOR KEY SHARE`, `FOR NO KEY UPDATE`, `FOR UPDATE`.
    package var clause: String {
        switch self {
        case .keyShare: "KEY SHARE"
        case .noKeyUpdate: "NO KEY UPDATE"
        case .update: "UPDATE"
        }
    }

    package static func < (lhs: RowLockMode, rhs: RowLockMode) -> Bool { lhs.rawValue < rhs.rawValue }
}
