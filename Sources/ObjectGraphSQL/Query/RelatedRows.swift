import ObjectGraph

/// Groups the rows of a ``RelatedQuery`` (an owner's key, then a member's key or NULL for an owner
/// without destinations) into each owner's destinations, and tells which members are new, so that a
/// destination shared by several owners is read once.
///
/// The rows of one owner come together (SQLite's query orders them by owner; PostgreSQL's store sorts
/// its unordered rows on the client, where the keys are small, and feeds them here), so the destinations of an
/// owner are collected in one array and stored once, with one hash of the owner's ID, instead of once
/// per row; an owner met again later still gets its rows appended. When a member cannot belong to two
/// owners (``RelatedQuery/membersAreDistinct``), no set of members is kept.
///
/// ```swift
/// var rows = RelatedRows(query, ownerTable: "Band")
/// rows.add(owner: 1, member: 10)    // true: read its row
/// rows.add(owner: 2, member: nil)   // false: band 2 has no albums
/// rows.finish()                     // [Band/1: [Album/10], Band/2: []]
/// ```
package struct RelatedRows {
    private let ownerTable: String
    private let memberTable: String
    private var seen: Set<Int64>?
    private var destinationIDs: [AnyObjectID: [AnyObjectID]] = [:]
    private var owner: Int64?
    private var members: [AnyObjectID] = []

    /// Groups the rows of `query`, whose owners' rows are in `ownerTable`.
    package init(_ query: RelatedQuery, ownerTable: String) {
        self.ownerTable = ownerTable
        memberTable = query.destinationTable
        seen = query.membersAreDistinct ? nil : []
    }

    /// Adds one row; `true` when `member` was not added before, so its row is to be read.
    @discardableResult
    package mutating func add(owner ownerKey: Int64, member: Int64?) -> Bool {
        if ownerKey != owner {
            store()
            owner = ownerKey
        }
        guard let member else { return false }
        members.append(AnyObjectID(entityName: memberTable, key: .integer(member)))
        return seen?.insert(member).inserted ?? true
    }

    /// The destinations of every owner met, in the order of their rows.
    package mutating func finish() -> [AnyObjectID: [AnyObjectID]] {
        store()
        owner = nil
        defer { destinationIDs = [:] }
        return destinationIDs
    }

    private mutating func store() {
        guard let owner else { return }
        let id = AnyObjectID(entityName: ownerTable, key: .integer(owner))
        if destinationIDs[id] == nil {
            destinationIDs[id] = members
        } else {
            destinationIDs[id]!.append(contentsOf: members)
        }
        let count = members.count
        members = []
        members.reserveCapacity(count)
    }
}
