/// Array arguments whose values the planner does not see. PostgreSQL plans an unnamed statement (every
/// statement the store sends) for the arguments bound to it, a custom plan, and sizes `unnest` and
/// `= ANY` by the arrays' lengths: for a few thousand keys in a table of 100,000 rows it reads and hashes
/// the whole table rather than finding those rows through the key's index, and a save does that once per
/// batch. Read through a subquery, an argument is an InitPlan the server runs once before the statement,
/// and the plan is made as for a prepared statement's generic plan, with the array counted as a few
/// elements: each row is found by its key, whatever the arrays' and the table's sizes.
extension SQLDialect {
    /// `(SELECT $n)`: the argument at `placeholder`, unseen by the planner (PostgreSQL; SQLite binds no
    /// arrays and gets the placeholder as it is). Its type is the bound value's, which suits `unnest(…)`;
    /// in `= ANY(…)` it needs ``unseenKeyArray(_:)``, since `ANY((SELECT $n))` reads the subquery's rows.
    ///
    /// ```swift
    /// SQLDialect.postgreSQL.unseen("$2")   // (SELECT $2)
    /// ```
    package func unseen(_ placeholder: String) -> String {
        self == .postgreSQL ? "(SELECT \(placeholder))" : placeholder
    }

    /// `(SELECT $n)::bigint[]`: the key array argument at `placeholder`, unseen by the planner, as an
    /// array expression (`"_pk" = ANY((SELECT $1)::bigint[])`, `unnest((SELECT $1)::bigint[])`).
    package func unseenKeyArray(_ placeholder: String) -> String {
        "\(unseen(placeholder))::\(keyType)[]"
    }
}
