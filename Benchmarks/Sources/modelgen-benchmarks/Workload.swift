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
}

extension Contender {
    func storeOnly(_ items: [ItemValues], owners: Int) async throws -> (insert: Double, fetch: Double)? { nil }
}

/// The operations in table order.
enum Operation: String, CaseIterable {
    case insert = "(a) insert N + save"
    case fetch = "(b) fetch N/2 by predicate"
    case prefetch = "(c) 1,000 owners + 10 items each"
    case update = "(d) update N + save"
    case storeInsert = "(a') store.save only, vs (a)"
    case storeFetch = "(b') store.fetch only, vs (b)"
}

/// Runs the workload against one contender and returns the seconds each operation took.
func measure(_ contender: Contender, rows: Int) async throws -> [Operation: Double] {
    let items = (0..<rows).map(ItemValues.init)
    let owners = (rows + 9) / 10
    let clock = ContinuousClock()
    var times: [Operation: Double] = [:]
    times[.insert] = seconds(try await clock.measure { try await contender.insert(items, owners: owners) })
    var found = 0
    times[.fetch] = seconds(try await clock.measure { found = try await contender.fetchActive() })
    try check(found == (rows + 1) / 2, "fetched \(found) active items, expected \((rows + 1) / 2)")
    times[.prefetch] = seconds(try await clock.measure { found = try await contender.fetchOwnersWithItems() })
    try check(found == min(rows, 10_000), "prefetched \(found) items, expected \(min(rows, 10_000))")
    try await contender.prepareUpdate()
    times[.update] = seconds(try await clock.measure { found = try await contender.updatePrices() })
    try check(found == rows, "updated \(found) items, expected \(rows)")
    let storeOnly = try await contender.storeOnly(items, owners: owners)
    times[.storeInsert] = storeOnly?.insert ?? times[.insert]
    times[.storeFetch] = storeOnly?.fetch ?? times[.fetch]
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
