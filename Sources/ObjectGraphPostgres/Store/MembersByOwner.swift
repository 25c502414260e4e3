#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// The members of each owner, from the rows of ``ObjectGraphSQL/RelatedQuery/unorderedIdsSQL`` or
/// ``ObjectGraphSQL/RelatedQuery/unorderedRowsSQL(_:)`` in any order: each row's owner, member (or none,
/// for an owner without members) and the integers that order the owner's members, sorted here, where the
/// keys are small, rather than on the server, which sorts whole rows. The sorted rows are grouped per owner
/// by ``ObjectGraphSQL/RelatedRows``, as SQLite's rows, which its server orders.
struct MembersByOwner {
    /// The most integers that order an owner's members (null flag, position, key or link row).
    private static let maximumOrderCount = 3

    private struct Entry {
        let owner: Int64
        let order: (Int64, Int64, Int64)
        let member: Int64?
    }

    private let query: RelatedQuery
    private let ownerTable: String
    private var entries: [Entry] = []

    /// The members of `query`'s owners, whose rows are in `ownerTable`.
    init(_ query: RelatedQuery, ownerTable: String) {
        self.query = query
        self.ownerTable = ownerTable
    }

    /// Adds the row's `member` of `owner` (`nil`: the owner has none), ordered among the owner's members by
    /// the `orderCount` integers at `orderColumn` and after it.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` when the query orders by more integers than this reads.
    mutating func add(_ member: Int64?, of owner: Int64, orderedBy row: RowCells, at orderColumn: Int, count orderCount: Int) throws {
        guard orderCount <= Self.maximumOrderCount else {
            throw ObjectGraphError.inconsistentData("a relationship ordered by \(orderCount) columns")
        }
        func order(_ index: Int) throws -> Int64 {
            guard member != nil, index < orderCount else { return 0 }
            return try row.integer(at: orderColumn + index) ?? 0
        }
        entries.append(Entry(owner: owner, order: (try order(0), try order(1), try order(2)), member: member))
    }

    /// Every owner added, with its members in relationship order.
    func finished() -> [AnyObjectID: [AnyObjectID]] {
        let sorted = entries.sorted { ($0.owner, $0.order.0, $0.order.1, $0.order.2) < ($1.owner, $1.order.0, $1.order.1, $1.order.2) }
        var rows = RelatedRows(query, ownerTable: ownerTable)
        for entry in sorted { rows.add(owner: entry.owner, member: entry.member) }
        return rows.finish()
    }
}
#endif
