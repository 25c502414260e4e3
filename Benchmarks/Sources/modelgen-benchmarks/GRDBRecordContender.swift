import Foundation
import GRDB

/// The record types of one GRDB record tier and what the benchmark does with them.
protocol GRDBRecordKind: SendableMetatype {
    associatedtype Owner: FetchableRecord & MutablePersistableRecord & Sendable
    associatedtype Item: FetchableRecord & MutablePersistableRecord & Sendable
    /// An owner with its items, decoded from `Owner.including(all: items)`.
    associatedtype OwnerWithItems: FetchableRecord & Sendable

    /// The type of the `created` column.
    static var createdType: Database.ColumnType { get }
    /// The owner's items.
    static var items: HasManyAssociation<Owner, Item> { get }
    static func owner(named name: String) -> Owner
    static func id(of owner: Owner) -> Int64?
    static func item(_ values: ItemValues, ownerId: Int64?) -> Item
    static func itemCount(of owner: OwnerWithItems) -> Int
    static func addOne(toPriceOf item: inout Item)
}

/// A GRDB record tier: records inserted and updated (`update(db, columns:)`) in one write transaction,
/// fetched through the query interface, and owners with their items through a `hasMany` association and
/// `including(all:)`.
final class GRDBRecordContender<Records: GRDBRecordKind>: Contender {
    let pool: DatabasePool
    private var loaded: [Records.Item] = []

    init(path: String) throws {
        pool = try GRDBSchema.open(path: path, createdType: Records.createdType)
    }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try await pool.write { db in
            var ownerIDs: [Int64] = []
            ownerIDs.reserveCapacity(owners)
            for index in 0..<owners {
                var owner = Records.owner(named: "owner \(index)")
                try owner.insert(db)
                ownerIDs.append(Records.id(of: owner) ?? 0)
            }
            for values in items {
                var item = Records.item(values, ownerId: ownerIDs[values.owner])
                try item.insert(db)
            }
        }
    }

    func fetchActive() async throws -> Int {
        try await activeRecords().count
    }

    /// The active items as records.
    nonisolated(nonsending) func activeRecords() async throws -> [Records.Item] {
        try await pool.read { db in
            try Records.Item.filter(Column("isActive") == true).order(Column("id")).fetchAll(db)
        }
    }

    func fetchOwnersWithItems() async throws -> Int {
        try await pool.read { db in
            let owners = try Records.Owner.including(all: Records.items).order(Column("id")).limit(1000)
                .asRequest(of: Records.OwnerWithItems.self).fetchAll(db)
            return owners.reduce(0) { $0 + Records.itemCount(of: $1) }
        }
    }

    func prepareUpdate() async throws {
        loaded = try await pool.read { db in try Records.Item.order(Column("id")).fetchAll(db) }
    }

    func updatePrices() async throws -> Int {
        let records = loaded
        loaded = try await pool.write { db in
            var updated = records
            for index in updated.indices {
                Records.addOne(toPriceOf: &updated[index])
                try updated[index].update(db, columns: ["price"])
            }
            return updated
        }
        return loaded.count
    }
}
