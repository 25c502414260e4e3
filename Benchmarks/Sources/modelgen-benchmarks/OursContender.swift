import Foundation
import ObjectGraph
import ObjectGraphSQLite

/// ObjectGraph contexts over a store (a SQLiteStore file, or PostgresStore), through the generated-shape
/// classes.
@MainActor
final class OursContender: Contender {
    private let store: any PersistentStore
    /// Where (a′) and (b′) put their SQLiteStore; `nil` for other stores, which skip them.
    private let storeOnlyPath: String?
    private var loaded: (ObjectContext, [Item])?

    init(path: String) async throws {
        store = try await SQLiteStore(at: .file(path), model: BenchmarkModel.model.schema)
        storeOnlyPath = path + "-store-only"
    }

    init(store: any PersistentStore) {
        self.store = store
        storeOnlyPath = nil
    }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try await insertedContext(items, owners: owners).save()
    }

    /// A new context holding the owners and items as inserted objects, not saved yet.
    func insertedContext(_ items: [ItemValues], owners: Int) throws -> ObjectContext {
        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        let ownerObjects = (0..<owners).map { Owner(context: context, name: "owner \($0)") }
        for values in items {
            let item = Item(context: context, name: values.name, created: values.created)
            item.quantity = values.quantity
            item.price = values.price
            item.score = values.score
            item.isActive = values.isActive
            item.code = values.code
            item.ratio = values.ratio
            item.setOwner(ownerObjects[values.owner])
        }
        return context
    }

    func fetchActive() async throws -> Int {
        try await activeItems().items.count
    }

    /// The active items as objects, in a new context.
    func activeItems() async throws -> (context: ObjectContext, items: [Item]) {
        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        return (context, try await context.fetch(Item.self, where: \.isActive == true))
    }

    func fetchOwnersWithItems() async throws -> Int {
        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        var request = FetchRequest<Owner.Fields>(limit: 1000)
        request.prefetching = FetchRequest<Owner.Fields>.paths([\.items])
        var count = 0
        for owner in try await context.fetch(request) { count += try await owner.items.count }
        return count
    }

    func prepareUpdate() async throws {
        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        loaded = (context, try await context.fetch(Item.self))
    }

    func updatePrices() async throws -> Int {
        guard let (context, items) = loaded else { return 0 }
        for item in items { item.price += 1 }
        try await context.save()
        return items.count
    }

    func storeOnly(_ items: [ItemValues], owners: Int) async throws -> (insert: Double, fetch: Double)? {
        guard let storeOnlyPath else { return nil }
        let store = try await SQLiteStore(at: .file(storeOnlyPath), model: BenchmarkModel.model.schema)
        let ownerIDs = (0..<owners).map { _ in AnyObjectID.temporary(entityName: "Owner") }
        var inserted = ownerIDs.enumerated().map { index, id in
            Snapshot(id: id, entityName: "Owner", values: [.string("owner \(index)")], toOneIDs: [])
        }
        for values in items {
            inserted.append(Snapshot(
                id: .temporary(entityName: "Item"), entityName: "Item",
                values: [.string(values.name), .integer(values.quantity), .double(values.price), .integer(Int64(values.score)),
                         .bool(values.isActive), .date(values.created), values.code.map { .string($0) } ?? .null,
                         values.ratio.map { .double(Double($0)) } ?? .null],
                toOneIDs: [ownerIDs[values.owner]]))
        }
        let changes = ChangeSet(inserted: inserted)
        let clock = ContinuousClock()
        let insert = try await clock.measure { _ = try await store.save(changes) }
        let request = StoreFetchRequest(entityName: "Item", predicate: .compare(["isActive"], .equal, .bool(true)))
        var count = 0
        let fetch = try await clock.measure { count = try await store.fetch(request).count }
        try check(count == (items.count + 1) / 2, "store fetched \(count) items")
        return (seconds(insert), seconds(fetch))
    }
}
