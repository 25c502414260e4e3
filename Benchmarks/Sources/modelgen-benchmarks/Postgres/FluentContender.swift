#if PostgreSQL
import FluentKit
import FluentPostgresDriver
import Foundation
import Logging
import NIOCore
import NIOPosix

/// The peer on PostgreSQL: Fluent 4 models over fluent-postgres-driver, used as its documentation shows
/// (a `Databases` with the `.postgres` configuration, the async model API): inserts as `[Model].create(on:)`
/// batches of 500 in one transaction, fetches with `query(on:).filter(…).all()`, the prefetch with
/// `with(\.$items)` (eager loading), updates as `update(on:)` per changed model in one transaction.
final class FluentContender: Contender {
    private let databases: Databases
    private let database: any Database
    private var loaded: [FluentItem] = []

    init(url: String) async throws {
        databases = Databases(threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
        databases.use(try .postgres(url: url, sqlLogLevel: .trace), as: .psql)
        var logger = Logger(label: "fluent")
        logger.logLevel = .critical
        guard let database = databases.database(.psql, logger: logger, on: MultiThreadedEventLoopGroup.singleton.any()) else {
            throw BenchmarkFailure(description: "Fluent has no database for \(url)")
        }
        self.database = database
        try await database.schema(FluentOwner.schema)
            .field("_pk", .int64, .identifier(auto: false)).field("name", .string, .required).create()
        try await database.schema(FluentItem.schema)
            .field("_pk", .int64, .identifier(auto: false)).field("name", .string, .required)
            .field("quantity", .int64, .required).field("price", .double, .required).field("score", .int32, .required)
            .field("isActive", .bool, .required).field("created", .datetime, .required).field("code", .string)
            .field("ratio", .float).field("owner", .int64, .references(FluentOwner.schema, "_pk"))
            .create()
        guard let sql = database as? any SQLDatabase else { throw BenchmarkFailure(description: "Fluent's database is not SQL") }
        try await sql.create(index: "Item_owner").on(FluentItem.schema).column("owner").run()
    }

    deinit { databases.shutdown() }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        let ownerModels = (0..<owners).map { FluentOwner(id: Int64($0 + 1), name: "owner \($0)") }
        let itemModels = items.enumerated().map { FluentItem(id: Int64($0 + 1), $1) }
        try await database.transaction { transaction in
            for start in stride(from: 0, to: ownerModels.count, by: 500) {
                try await Array(ownerModels[start..<min(start + 500, ownerModels.count)]).create(on: transaction)
            }
            for start in stride(from: 0, to: itemModels.count, by: 500) {
                try await Array(itemModels[start..<min(start + 500, itemModels.count)]).create(on: transaction)
            }
        }
    }

    func fetchActive() async throws -> Int {
        try await FluentItem.query(on: database).filter(\.$isActive == true).all().count
    }

    func fetchOwnersWithItems() async throws -> Int {
        let owners = try await FluentOwner.query(on: database).sort(\.$id).limit(1000).with(\.$items).all()
        return owners.reduce(0) { $0 + $1.items.count }
    }

    func prepareUpdate() async throws {
        loaded = try await FluentItem.query(on: database).all()
    }

    func updatePrices() async throws -> Int {
        let items = loaded
        for item in items { item.price += 1 }
        try await database.transaction { transaction in
            for item in items { try await item.update(on: transaction) }
        }
        return items.count
    }
}

/// `Owner` as a Fluent model.
final class FluentOwner: Model, @unchecked Sendable {
    static let schema = "Owner"
    @ID(custom: "_pk", generatedBy: .user) var id: Int64?
    @Field(key: "name") var name: String
    @Children(for: \.$owner) var items: [FluentItem]

    init() {}

    init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// `Item` as a Fluent model.
final class FluentItem: Model, @unchecked Sendable {
    static let schema = "Item"
    @ID(custom: "_pk", generatedBy: .user) var id: Int64?
    @Field(key: "name") var name: String
    @Field(key: "quantity") var quantity: Int64
    @Field(key: "price") var price: Double
    @Field(key: "score") var score: Int32
    @Field(key: "isActive") var isActive: Bool
    @Field(key: "created") var created: Date
    @OptionalField(key: "code") var code: String?
    @OptionalField(key: "ratio") var ratio: Float?
    @OptionalParent(key: "owner") var owner: FluentOwner?

    init() {}

    init(id: Int64, _ values: ItemValues) {
        self.id = id
        name = values.name
        quantity = values.quantity
        price = values.price
        score = values.score
        isActive = values.isActive
        created = values.created
        code = values.code
        ratio = values.ratio
        $owner.id = Int64(values.owner + 1)
    }
}
#endif
