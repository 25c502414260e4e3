import Foundation
import GRDB

/// GRDB's `Codable` tier: records that are `Codable` structs with associations, as GRDB's documentation
/// introduces them (GRDB's slowest record path; ``FastRecords`` is its fastest). Dates keep GRDB's
/// default text format.
enum CodableRecords: GRDBRecordKind {
    struct Owner: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "owner"
        static let items = hasMany(Item.self)
        var id: Int64?
        var name: String

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    struct Item: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "item"
        static let owner = belongsTo(Owner.self)
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
        var owner: Owner
        var items: [Item]
    }

    static let createdType = Database.ColumnType.datetime
    static var items: HasManyAssociation<Owner, Item> { Owner.items }
    static func owner(named name: String) -> Owner { Owner(id: nil, name: name) }
    static func id(of owner: Owner) -> Int64? { owner.id }
    static func itemCount(of owner: OwnerWithItems) -> Int { owner.items.count }
    static func addOne(toPriceOf item: inout Item) { item.price += 1 }

    static func item(_ values: ItemValues, ownerId: Int64?) -> Item {
        Item(id: nil, name: values.name, quantity: values.quantity, price: values.price, score: values.score,
             isActive: values.isActive, created: values.created, code: values.code, ratio: values.ratio, ownerId: ownerId)
    }
}
