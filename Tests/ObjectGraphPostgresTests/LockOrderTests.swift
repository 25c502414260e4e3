#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Two saves that delete and update the same rows in opposite orders wait for each other in turn, never
/// in a cycle: one commits, the other fails with merge conflicts, never with a deadlock (40P01). A
/// ``SaveGate`` holds the first save at its first written row, so the second save starts while the first
/// holds that row's lock and waits for it; the test then lets the first go on.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresLockOrderTests {
    /// What the two saves change: the first deletes `first.deleted` and updates `first.updated`, the second
    /// deletes the first's updated object and updates its deleted one.
    enum Scenario: CaseIterable, CustomTestStringConvertible {
        /// The first save deletes a label and updates a band (tables `Band`, `Label`).
        case twoTables
        /// The first save updates one band and deletes another (one table).
        case oneTable

        var testDescription: String { self == .twoTables ? "rows of two tables" : "rows of one table" }
    }

    @Test(arguments: Scenario.allCases)
    func savesDeletingAndUpdatingTheSameRowsInOppositeOrdersDoNotDeadlock(_ scenario: Scenario) async throws {
        let first = try await SessionStore.make(prefix: "og_order_a_")
        let second = try await SessionStore.make(prefix: "og_order_b_", schema: first.schema)
        let setup = try ObjectContext(store: first.store, model: MusicModel.model)
        _ = Band(context: setup, name: "Low")
        switch scenario {
        case .twoTables: _ = Label(context: setup, name: "Sub Pop")
        case .oneTable: _ = Band(context: setup, name: "Mogwai")
        }
        try await setup.save()

        let gate = try await SaveGate.install(schema: first.schema, application: first.application)
        let (a, aUpdated, aDeleted) = try await Self.load(scenario, from: first.store)
        let (b, bDeleted, bUpdated) = try await Self.load(scenario, from: second.store)
        try aUpdated.setValue(.string("updated by the first save"), forKey: "name")
        a.delete(aDeleted)
        b.delete(bDeleted)
        try bUpdated.setValue(.string("updated by the second save"), forKey: "name")

        let (firstSave, secondSave) = try await gate.race({ try await a.save() }, then: second.application, { try await b.save() })
        #expect(throws: Never.self) { try firstSave.get() }
        let error = #expect(throws: ObjectGraphError.self) { try secondSave.get() }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("expected merge conflicts, got \(String(describing: error))")
            return
        }
        #expect(Set(conflicts.map(\.objectID)) == [bDeleted.objectID, bUpdated.objectID])
        let reader = try ObjectContext(store: first.store, model: MusicModel.model)
        #expect(try await reader.object(with: aDeleted.objectID) == nil)
        let updated = try await reader.object(with: aUpdated.objectID)
        #expect(try updated?.value(forKey: "name") == .string("updated by the first save"))
    }

    /// A context over `store` with `scenario`'s two objects loaded: the first save's updated and deleted
    /// objects, which are the second save's deleted and updated ones.
    private static func load(_ scenario: Scenario, from store: PostgresStore) async throws -> (ObjectContext, ManagedObject, ManagedObject) {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        context.automaticallyMergesChanges = false
        let bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        switch scenario {
        case .twoTables:
            return (context, try #require(bands.first), try #require(try await context.fetch(Label.self).first))
        case .oneTable:
            try #require(bands.count == 2)
            return (context, bands[0], bands[1])
        }
    }
}
#endif
