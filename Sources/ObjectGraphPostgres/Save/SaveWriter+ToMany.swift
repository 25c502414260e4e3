#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension SaveWriter {
    /// Membership and order of the to-manys `changes` changes: every removed link first, then the added
    /// links of each link table in one statement per batch, in key order (``WriteSQL/linkFromArrays(_:)``:
    /// a link another save is inserting is waited for in the lock order, and each end's members are
    /// appended in the order of the changes), then positions. Every existing row these statements change is
    /// locked already (``TableLocks``). The statements are the SQLite store's, one per member, but for the
    /// added links.
    func apply(_ changes: [ToManyChange]) async throws {
        let sql = WriteSQL(dialect: .postgreSQL)
        var added: [String: NewLinks] = [:]
        for change in changes {
            guard case .link(let link, let side) = try schema.storage(of: change).storage else { continue }
            let owner = try keys.key(of: change.ownerID)
            let unlink = sql.unlink(link, side: side)
            for member in change.removed { try await connection.run(unlink, [.integer(owner), .integer(try keys.key(of: member))]) }
            for member in change.added + (change.orderedIDs ?? []) {
                added[link.name, default: NewLinks(link: link)].append(owner: owner, member: try keys.key(of: member), side: side)
            }
        }
        for name in added.keys.sorted() { try await insert(added[name]!) }
        for change in changes { try await place(change) }
    }

    /// Inserts `links`, in key order, up to ``rowsPerBatch`` per statement.
    private func insert(_ links: NewLinks) async throws {
        let rows = links.rows.sorted { ($0.a, $0.b) < ($1.a, $1.b) }
        let statement = WriteSQL(dialect: .postgreSQL).linkFromArrays(links.link)
        for start in stride(from: rows.startIndex, to: rows.endIndex, by: Self.rowsPerBatch) {
            let batch = rows[start..<min(start + Self.rowsPerBatch, rows.endIndex)]
            try await connection.run(statement, [
                Self.keyArray(batch.map(\.a)), Self.keyArray(batch.map(\.b)), Self.keyArray(batch.map(\.aRank)), Self.keyArray(batch.map(\.bRank)),
            ])
        }
    }

    /// The positions `change` sets: the order of an ordered one-to-many (or, without one, its appended
    /// members' positions), the owner's order of an ordered many-to-many; an order is one statement, which puts the owner's members
    /// that the change does not list (added by a save that committed since it was read) after those it
    /// lists (``WriteSQL/placeInOrder(table:column:positionColumn:)``). The owner's row is locked
    /// (``TableLocks``), so no other save reads or sets the list's positions until this one commits.
    private func place(_ change: ToManyChange) async throws {
        let sql = WriteSQL(dialect: .postgreSQL)
        switch try schema.storage(of: change).storage {
        case .foreignKey:
            throw ObjectGraphError.inconsistentData("\(change.entityName) relationship \(change.relationshipIndex) is a to-one")
        case .inverseForeignKey(let table, let column, let positionColumn):
            guard let positionColumn else { return }
            guard let ordered = change.orderedIDs else {
                let owner = AttributeValue.integer(try keys.key(of: change.ownerID))
                let append = sql.appendPosition(table: table, column: column, positionColumn: positionColumn)
                for member in change.added { try await connection.run(append, [owner, .integer(try keys.key(of: member))]) }
                return
            }
            try await connection.run(sql.placeInOrder(table: table, column: column, positionColumn: positionColumn),
                                     [Self.keyArray([try keys.key(of: change.ownerID)]), Self.keyArray(try ordered.map(keys.key(of:)))])
        case .link(let link, let side):
            guard let ordered = change.orderedIDs else { return }
            try await connection.run(sql.placeLinksInOrder(link, side: side),
                                     [Self.keyArray([try keys.key(of: change.ownerID)]), Self.keyArray(try ordered.map(keys.key(of:)))])
        }
    }
}

/// The links a save adds to one link table, each once, with the rank of each end's new links in the order
/// the save adds them (``WriteSQL/linkFromArrays(_:)`` appends them in that order).
struct NewLinks {
    let link: LinkTable
    private(set) var rows: [(a: Int64, b: Int64, aRank: Int64, bRank: Int64)] = []
    private var present: Set<[Int64]> = []
    private var counts: (a: [Int64: Int64], b: [Int64: Int64]) = ([:], [:])

    init(link: LinkTable) { self.link = link }

    /// Adds the link from `owner` to `member`, `owner` being the `side` end, unless it is there already.
    mutating func append(owner: Int64, member: Int64, side: LinkTable.Side) {
        let (a, b) = side == .a ? (owner, member) : (member, owner)
        guard present.insert([a, b]).inserted else { return }
        let aRank = counts.a[a, default: 0], bRank = counts.b[b, default: 0]
        counts.a[a] = aRank + 1
        counts.b[b] = bRank + 1
        rows.append((a, b, aRank, bRank))
    }
}

extension StoreSchema {
    /// Whether the inverse of `relationship` is an ordered to-many (a link table then keeps its order too).
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for a destination the schema does not have.
    func isOrdered(inverseOf relationship: RelationshipDescription) throws -> Bool {
        guard let inverseName = relationship.inverseName else { return false }
        let destination = try layout(of: relationship.destinationEntityName).entity
        return destination.relationships.first { $0.name == inverseName }?.isOrdered ?? false
    }

    /// The layout of the entity `change` names and the storage of its changed relationship.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` when the entity has no such relationship.
    func storage(of change: ToManyChange) throws -> (layout: EntityLayout, storage: RelationshipStorage) {
        let layout = try layout(of: change.entityName)
        guard layout.relationships.indices.contains(change.relationshipIndex) else {
            throw ObjectGraphError.inconsistentData("\(change.entityName) has no relationship at index \(change.relationshipIndex)")
        }
        return (layout, layout.relationships[change.relationshipIndex])
    }
}
#endif
