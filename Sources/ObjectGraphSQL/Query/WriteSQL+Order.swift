/// The statements of PostgreSQL that set an ordered to-many's order in one statement: the members a save
/// lists get positions 0 to n - 1 in its order, and the owner's other members (those another save added
/// since this one read the list) follow them, in their stored order, so no two members share a position.
extension WriteSQL {
    /// `UPDATE table AS t SET position = o.position FROM (…) AS o(key, position) WHERE t."_pk" = o.key`:
    /// orders the ordered one-to-many whose inverse foreign key `column` is the owner key `$1` (a
    /// one-element `bigint[]`, as every argument of the statement is an array) as the `bigint[]` of
    /// member keys `$2` lists, the owner's unlisted members after them.
    package func placeInOrder(table: String, column: String, positionColumn: String) -> String {
        placeInOrder(table: table, ownerColumn: column, memberColumn: SQL.primaryKey, positionColumn: positionColumn, matchingOwner: false)
    }

    /// `UPDATE link AS t SET owner position = o.position FROM (…) AS o(key, position) WHERE t.member =
    /// o.key AND t.owner = ANY($1)`: orders the links of owner `$1` (a one-element `bigint[]`) as the
    /// `bigint[]` of member keys `$2` lists, its unlisted links after them.
    package func placeLinksInOrder(_ link: LinkTable, side: LinkTable.Side) -> String {
        placeInOrder(table: link.name, ownerColumn: side.ownerColumn, memberColumn: side.memberColumn,
                     positionColumn: side.positionColumn, matchingOwner: true)
    }

    private func placeInOrder(table: String, ownerColumn: String, memberColumn: String, positionColumn: String, matchingOwner: Bool) -> String {
        let (table, owner, member, position) = (dialect.quote(table), dialect.quote(ownerColumn), dialect.quote(memberColumn), dialect.quote(positionColumn))
        let (ownerKey, listed) = ("ANY(\(dialect.placeholder(1))::bigint[])", dialect.placeholder(2) + "::bigint[]")
        let inOrder = "SELECT m.key, m.ordinal - 1 FROM unnest(\(listed)) WITH ORDINALITY AS m(key, ordinal)"
        let others = "SELECT r.\(member), cardinality(\(listed)) + row_number() OVER (ORDER BY r.\(position) NULLS LAST, r.\(member)) - 1 "
            + "FROM \(table) AS r WHERE r.\(owner) = \(ownerKey) AND r.\(member) <> ALL(\(listed))"
        return "UPDATE \(table) AS t SET \(position) = o.position FROM (\(inOrder) UNION ALL \(others)) AS o(key, position) "
            + "WHERE t.\(member) = o.key" + (matchingOwner ? " AND t.\(owner) = \(ownerKey)" : "")
    }
}
