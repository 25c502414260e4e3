import Foundation

/// The four timed operations every contender implements over its own database file.
protocol Contender: AnyObject {
    /// (a) Inserts `owners` owners and every item (each linked to its owner) in one transaction.
    func insert(_ items: [ItemValues], owners: Int) async throws
    /// (b) Loads every item whose `isActive` is true (half of them); returns how many.
    func fetchActive() async throws -> Int
    /// (c) Loads the first 1,000 owners and all their items in one go; returns how many items.
    func fetchOwnersWithItems() async throws -> Int
    /// Untimed: loads every item to update.
    func prepareUpdate() async throws
    /// (d) Adds 1 to the price of every loaded item and saves; returns how many were updated.
    func updatePrices() async throws -> Int
    /// (a′, b′) For ObjectGraph only: the seconds the store alone takes to save the inserts of (a) as one
    /// change set and to return the snapshots of (b), without contexts or objects; `nil` for the others.
    func storeOnly(_ items: [ItemValues], owners: Int) async throws -> (insert: Double, fetch: Double)?
    /// (a″) For the raw C API only: the seconds (a) takes, into a new database, with 32 rows per `INSERT`,
    /// as the store does; `nil` for the others.
    func batchedInsert(_ items: [ItemValues], owners: Int) async throws -> Double?
    /// (d″) For the raw C API only: the seconds (d) takes on (a″)'s database with 128 rows per `UPDATE …
    /// FROM (VALUES …)`, as the store does, after which the database must hold `owners` owners and `items`
    /// items with prices summing to `priceSum`; `nil` for the others.
    func batchedUpdate(owners: Int, items: Int, priceSum: Double) async throws -> Double?
}

extension Contender {
    func storeOnly(_ items: [ItemValues], owners: Int) async throws -> (insert: Double, fetch: Double)? { nil }
    func batchedInsert(_ items: [ItemValues], owners: Int) async throws -> Double? { nil }
    func batchedUpdate(owners: Int, items: Int, priceSum: Double) async throws -> Double? { nil }
}

/// A contender, its name in the table, and the path of its database file.
typealias NamedContender = (name: String, contender: Contender, path: String)

/// The operations in table order.
enum Operation: String, CaseIterable {
    case insert = "(a) insert N + save"
    case fetch = "(b) fetch N/2 by predicate"
    case prefetch = "(c) 1,000 owners + 10 items each"
    case update = "(d) update N + save"
    case storeInsert = "(a') store.save only, vs (a)"
    case storeFetch = "(b') store.fetch only, vs (b)"
    case batchedInsert = "(a\") (a), raw C 32 rows per INSERT"
    case batchedUpdate = "(d\") (d), raw C 128 rows per UPDATE"
}

/// Runs the workload against every contender, stage by stage: each contender works on its own database,
/// so one stage (say, the inserts) runs for all contenders before the next begins, and the contenders of a
/// run meet the machine in about the same state. Returns the seconds each operation took per contender.
///
/// After the inserts and after the updates, each contender's database is read through a connection of its
/// own (`verify`; by default ``DatabaseCheck`` of a SQLite file): the row counts, the sum of the prices
/// (and for SQLite the journal mode) must be what the stage wrote, so no contender can skip work.
func measure(
    _ contenders: [NamedContender], rows: Int,
    verify: (_ name: String, _ path: String, _ owners: Int, _ items: Int, _ priceSum: Double) async throws -> Void = {
        try DatabaseCheck.verify($1, name: $0, owners: $2, items: $3, priceSum: $4)
    }
) async throws -> [String: [Operation: Double]] {
    let items = (0..<rows).map(ItemValues.init)
    let owners = (rows + 9) / 10
    let priceSum = items.reduce(0) { $0 + $1.price }
    let clock = ContinuousClock()
    var times: [String: [Operation: Double]] = [:]
    func stage(_ operation: Operation, _ body: (Contender) async throws -> Void) async throws {
        for (name, contender, _) in contenders {
            times[name, default: [:]][operation] = seconds(try await clock.measure { try await body(contender) })
        }
    }
    func verifyAll(priceSum: Double) async throws {
        for (name, _, path) in contenders { try await verify(name, path, owners, rows, priceSum) }
    }
    try await stage(.insert) { try await $0.insert(items, owners: owners) }
    try await verifyAll(priceSum: priceSum)
    try await stage(.fetch) { contender in
        let found = try await contender.fetchActive()
        try check(found == (rows + 1) / 2, "fetched \(found) active items, expected \((rows + 1) / 2)")
    }
    try await stage(.prefetch) { contender in
        let found = try await contender.fetchOwnersWithItems()
        try check(found == min(rows, 10_000), "prefetched \(found) items, expected \(min(rows, 10_000))")
    }
    for (_, contender, _) in contenders { try await contender.prepareUpdate() }
    try await stage(.update) { contender in
        let found = try await contender.updatePrices()
        try check(found == rows, "updated \(found) items, expected \(rows)")
    }
    try await verifyAll(priceSum: priceSum + Double(rows))
    for (name, contender, _) in contenders {
        let storeOnly = try await contender.storeOnly(items, owners: owners)
        let (insert, fetch, update) = (times[name]?[.insert], times[name]?[.fetch], times[name]?[.update])
        times[name]?[.storeInsert] = storeOnly?.insert ?? insert
        times[name]?[.storeFetch] = storeOnly?.fetch ?? fetch
        times[name]?[.batchedInsert] = try await contender.batchedInsert(items, owners: owners) ?? insert
        let batchedUpdate = try await contender.batchedUpdate(owners: owners, items: rows, priceSum: priceSum + Double(rows))
        times[name]?[.batchedUpdate] = batchedUpdate ?? update
    }
    return times
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

func check(_ condition: Bool, _ message: String) throws {
    if !condition { throw BenchmarkFailure(description: message) }
}
