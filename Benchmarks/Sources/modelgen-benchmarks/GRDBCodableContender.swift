import Foundation
import GRDB

/// GRDB's `Codable` tier: records that are `Codable` structs with associations, as GRDB's documentation
/// introduces them (GRDB's slowest record path; ``GRDBRecordsContender`` is its fastest).
final class GRDBCodableContender: Contender {
    struct OwnerRecord: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "owner"
        static let items = hasMany(ItemRecord.self)
        var id: Int64?
        var name: String

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    struct ItemRecord: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "item"
        static let owner = belongsTo(OwnerRecord.self)
        var id: Int64?
        var name: String
        var quantity: Int64
        var price: Double
        var score: Int32
        var isActive: Bool
        var created: Date
        var code: String?
        var ratio: Float?
        var ownerId: Int64?

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    struct OwnerWithItems: Decodable, FetchableRecord {
        var owner: OwnerRecord
        var items: [ItemRecord]
    }

    private let pool: DatabasePool
    private var loaded: [ItemRecord] = []

    init(path: String) throws {
        pool = try GRDBSchema.open(path: path, createdType: .datetime)
    }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try await pool.write { db in
            var ownerIDs: [Int64] = []
            for index in 0..<owners {
                var owner = OwnerRecord(id: nil, name: "owner \(index)")
                try owner.insert(db)
                ownerIDs.append(owner.id ?? 0)
            }
            for values in items {
                var item = ItemRecord(
                    id: nil, name: values.name, quantity: values.quantity, price: values.price, score: values.score,
                    isActive: values.isActive, created: values.created, code: values.code, ratio: values.ratio,
                    ownerId: ownerIDs[values.owner])
                try item.insert(db)
            }
        }
    }

    func fetchActive() async throws -> Int {
        try await pool.read { db in
            try ItemRecord.filter(Column("isActive") == true).order(Column("id")).fetchAll(db).count
        }
    }

    func fetchOwnersWithItems() async throws -> Int {
        try await pool.read { db in
            let owners = try OwnerRecord.including(all: OwnerRecord.items).order(Column("id")).limit(1000)
                .asRequest(of: OwnerWithItems.self).fetchAll(db)
            return owners.reduce(0) { $0 + $1.items.count }
        }
    }

    func prepareUpdate() async throws {
        loaded = try await pool.read { db in try ItemRecord.order(Column("id")).fetchAll(db) }
    }

    func updatePrices() async throws -> Int {
        let records = loaded
        loaded = try await pool.write { db in
            var updated = records
            for index in updated.indices {
                updated[index].price += 1
                try updated[index].update(db, columns: ["price"])
            }
            return updated
        }
        return loaded.count
    }
}
