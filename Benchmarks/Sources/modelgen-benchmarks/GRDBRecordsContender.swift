import Foundation
import GRDB

/// GRDB at its best with records: the hand-written ``FastItemRecord`` and ``FastOwnerRecord``, inserted and
/// updated in one write transaction, fetched through the query interface with their fixed selection, and
/// owners with their items through a `hasMany` association and `including(all:)`.
final class GRDBRecordsContender: Contender {
    private let pool: DatabasePool
    private var loaded: [FastItemRecord] = []

    init(path: String) throws {
        pool = try GRDBSchema.open(path: path, createdType: .double)
    }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try await pool.write { db in
            var ownerIDs: [Int64] = []
            ownerIDs.reserveCapacity(owners)
            for index in 0..<owners {
                var owner = FastOwnerRecord(id: nil, name: "owner \(index)")
                try owner.insert(db)
                ownerIDs.append(owner.id ?? 0)
            }
            for values in items {
                var item = FastItemRecord(values, ownerId: ownerIDs[values.owner])
                try item.insert(db)
            }
        }
    }

    func fetchActive() async throws -> Int {
        try await activeRecords().count
    }

    /// The active items as records.
    func activeRecords() async throws -> [FastItemRecord] {
        try await pool.read { db in
            try FastItemRecord.filter(Column("isActive") == true).order(Column("id")).fetchAll(db)
        }
    }

    func fetchOwnersWithItems() async throws -> Int {
        try await pool.read { db in
            let owners = try FastOwnerRecord.including(all: FastOwnerRecord.items).order(Column("id")).limit(1000)
                .asRequest(of: FastOwnerWithItems.self).fetchAll(db)
            return owners.reduce(0) { $0 + $1.items.count }
        }
    }

    func prepareUpdate() async throws {
        loaded = try await pool.read { db in try FastItemRecord.order(Column("id")).fetchAll(db) }
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
