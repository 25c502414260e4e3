import Foundation
import GRDB

/// GRDB's statement tier: one prepared statement per operation, reused with `setUncheckedArguments` and
/// `execute()` for writes, and rows read by index (through ``FastItemRecord/init(row:)``) for reads, as
/// GRDB's `InsertPositionalValuesTests` and `FetchPositionalValuesTests` do.
final class GRDBStatementsContender: Contender {
    private let pool: DatabasePool
    private var loaded: [(id: Int64, price: Double)] = []

    init(path: String) throws {
        pool = try GRDBSchema.open(path: path, createdType: .double)
    }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try await pool.write { db in
            let owner = try db.makeStatement(sql: "INSERT INTO owner (id, name) VALUES (?, ?)")
            for index in 0..<owners {
                owner.setUncheckedArguments([Int64(index + 1), "owner \(index)"])
                try owner.execute()
            }
            let item = try db.makeStatement(sql: """
                INSERT INTO item (name, quantity, price, score, isActive, created, code, ratio, ownerId)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for values in items {
                item.setUncheckedArguments([
                    values.name, values.quantity, values.price, values.score, values.isActive,
                    values.created.timeIntervalSinceReferenceDate, values.code, values.ratio.map { Double($0) },
                    Int64(values.owner + 1),
                ])
                try item.execute()
            }
        }
    }

    func fetchActive() async throws -> Int {
        try await pool.read { db in
            let statement = try db.makeStatement(
                sql: "SELECT \(FastItemRecord.columnList) FROM item WHERE isActive = 1 ORDER BY id")
            return try FastItemRecord.fetchAll(statement).count
        }
    }

    func fetchOwnersWithItems() async throws -> Int {
        try await pool.read { db in
            let owners = try FastOwnerRecord.fetchAll(db.makeStatement(sql: "SELECT id, name FROM owner ORDER BY id LIMIT 1000"))
            let statement = try db.makeStatement(sql: """
                SELECT \(FastItemRecord.columnList) FROM item WHERE ownerId IN (SELECT value FROM json_each(?))
                ORDER BY ownerId, id
                """)
            statement.setUncheckedArguments(["[" + owners.map { String($0.id ?? 0) }.joined(separator: ",") + "]"])
            var byOwner: [Int64: [FastItemRecord]] = [:]
            for item in try FastItemRecord.fetchAll(statement) { byOwner[item.ownerId ?? 0, default: []].append(item) }
            return owners.reduce(0) { $0 + (byOwner[$1.id ?? 0]?.count ?? 0) }
        }
    }

    func prepareUpdate() async throws {
        loaded = try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, price FROM item ORDER BY id").map { ($0[0], $0[1]) }
        }
    }

    func updatePrices() async throws -> Int {
        let records = loaded
        loaded = try await pool.write { db in
            var updated = records
            let statement = try db.makeStatement(sql: "UPDATE item SET price = ? WHERE id = ?")
            for index in updated.indices {
                updated[index].price += 1
                statement.setUncheckedArguments([updated[index].price, updated[index].id])
                try statement.execute()
            }
            return updated
        }
        return loaded.count
    }
}
