import ObjectGraph

/// The batch statements of PostgreSQL, which binds arrays: one argument per column holding that column's
/// values for every row of the batch (`unnest($1, $2, …)`; the store binds each as an array of its
/// column's type), so a statement's text
/// depends on the columns only, never on the number of rows, and the server parses a short text per batch
/// where a `VALUES` list has a placeholder per value.
extension WriteSQL {
    /// The types of ``insertColumns(of:)``, in the same order.
    package static func insertColumnTypes(of layout: EntityLayout) -> [ColumnType] {
        var types: [ColumnType] = [.key(referencing: layout.table), .attribute(.integer64)]
        for (index, column) in layout.attributeColumns.enumerated() where column != nil {
            types.append(.attribute(layout.entity.attributes[index].type))
        }
        for destination in layout.toOneDestinationTables { types.append(.key(referencing: destination)) }
        return types
    }

    /// `INSERT INTO table (columns) SELECT * FROM unnest($1, …)`: a batch of rows as one array argument
    /// per column of ``insertColumns(of:)``.
    package func insertFromArrays(_ layout: EntityLayout) -> String {
        let columns = Self.insertColumns(of: layout)
        let list = columns.map(dialect.quote).joined(separator: ", ")
        return "INSERT INTO \(dialect.quote(layout.table)) (\(list)) SELECT * FROM \(unnest(columns.count))"
    }

    /// `WITH changed AS (UPDATE table AS t SET c = v.c, …, "_version" = t."_version" + 1 FROM
    /// unnest((SELECT $1), (SELECT $2), …) AS v("_pk", "_version", c, …) WHERE t."_pk" = v."_pk" AND
    /// (v."_version" = 0 OR t."_version" = v."_version") RETURNING t."_pk") SELECT array_agg("_pk") FROM
    /// changed`: a batch of updates of the same `columns`, as the arrays of the keys, of the versions the
    /// updates were read at (0: not checked) and of each column's new values. Its one row holds the keys
    /// of the rows it updated, as an array (NULL for none); a key it does not hold is a row that is gone
    /// or not at the version it was read at.
    ///
    /// The arrays are read unseen by the planner (``SQLDialect/unseen(_:)``), so the server finds each row
    /// by its key (a nested loop over the primary key's index), however large the table: planned for the
    /// bound arrays, a batch of 5,000 rows read and hashed a table of 100,000 whole, once for every batch
    /// of a save.
    ///
    /// `locking`: the statement first locks the batch's rows in key order, as ``lockInKeyOrder(table:mode:referencing:)``
    /// does, in the same round trip: the lock is a condition on no row (`AND (SELECT count(*) FROM (…))
    /// >= 0`), which the server evaluates once, before the join that finds the rows to update starts.
    package func updateFromArrays(table: String, columns: [String], locking: Bool = false) -> String {
        let version = dialect.quote(SQL.versionColumn)
        let assignments = columns.map { "\(dialect.quote($0)) = v.\(dialect.quote($0))" } + ["\(version) = t.\(version) + 1"]
        let lock = locking ? " AND (\(lockInKeyOrder(table: table))) >= 0" : ""
        return versionCheckedBatch("UPDATE \(dialect.quote(table)) AS t SET \(assignments.joined(separator: ", ")) FROM",
                                   columns: columns, condition: lock)
    }

    /// `WITH changed AS (DELETE FROM table AS t USING unnest((SELECT $1), (SELECT $2)) AS v("_pk",
    /// "_version") WHERE t."_pk" = v."_pk" AND (v."_version" = 0 OR t."_version" = v."_version") RETURNING
    /// t."_pk") SELECT array_agg("_pk") FROM changed`: a batch of deletes of one table, as the arrays of
    /// the keys and of the versions the deletes were read at (0: not checked). Its one row holds the keys
    /// of the rows it deleted (NULL for none); a key it does not hold is a row that is gone or not at the
    /// version it was read at. The rows' `ON DELETE` actions are the server's (link rows deleted, keys
    /// naming the rows set to NULL). The arrays are read unseen by the planner, as
    /// ``updateFromArrays(table:columns:locking:)``'s are, so each row is found by its key.
    package func deleteFromArrays(table: String) -> String {
        versionCheckedBatch("DELETE FROM \(dialect.quote(table)) AS t USING", columns: [], condition: "")
    }

    /// `WITH changed AS (head unnest(…) AS v("_pk", "_version", columns…) WHERE t."_pk" = v."_pk" AND
    /// (v."_version" = 0 OR t."_version" = v."_version")condition RETURNING t."_pk") SELECT array_agg("_pk")
    /// FROM changed`: a statement changing the rows `t` of a batch bound as one unseen array per column.
    private func versionCheckedBatch(_ head: String, columns: [String], condition: String) -> String {
        let (key, version) = (dialect.quote(SQL.primaryKey), dialect.quote(SQL.versionColumn))
        let names = [key, version] + columns.map(dialect.quote)
        let arrays = (1...names.count).map { dialect.unseen(dialect.placeholder($0)) }
        return "WITH changed AS (\(head) unnest(\(arrays.joined(separator: ", "))) AS v(\(names.joined(separator: ", "))) "
            + "WHERE t.\(key) = v.\(key) AND (v.\(version) = 0 OR t.\(version) = v.\(version))\(condition) RETURNING t.\(key)) "
            + "SELECT array_agg(\(key)) FROM changed"
    }

    /// `unnest($1, $2, …)` over `count` array arguments (the store binds them typed).
    func unnest(_ count: Int) -> String {
        "unnest(" + (1...count).map(dialect.placeholder).joined(separator: ", ") + ")"
    }
}
