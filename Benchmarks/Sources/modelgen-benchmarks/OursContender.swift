import Foundation
import ObjectGraph
import ObjectGraphSQLite

/// ObjectGraph contexts over a SQLiteStore file, through the generated-shape classes.
@MainActor
final class OursContender: Contender {
    private let store: SQLiteStore
    private var loaded: (ObjectContext, [Item])?

    init(path: String) async throws {
        store = try await SQLiteStore(at: .file(path), model: BenchmarkModel.model.schema)
    }

    func insert(_ items: [ItemValues], owners: Int) async throws {
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
        try await context.save()
    }

    func fetchActive() async throws -> Int {
        let context = try ObjectContext(store: store, model: BenchmarkModel.model)
        return try await context.fetch(Item.self, where: \.isActive == true).count
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
}
