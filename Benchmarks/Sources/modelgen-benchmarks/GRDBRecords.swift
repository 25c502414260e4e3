import Foundation
import GRDB

/// GRDB at its best with records, as GRDB's own performance suite writes them (`FetchRecordOptimizedTests`,
/// `InsertRecordOptimizedTests`): `init(row:)` reads columns by index from a fixed `databaseSelection`,
/// `encode(to:)` fills the `PersistenceContainer` by hand, and the prefetched items are decoded from
/// `row.prefetchedRows` by hand. Dates are stored as seconds since 2001 (REAL), as the raw C and
/// ObjectGraph databases store them.
enum FastRecords: GRDBRecordKind {
    static let createdType = Database.ColumnType.double
    static var items: HasManyAssociation<FastOwnerRecord, FastItemRecord> { FastOwnerRecord.items }
    static func owner(named name: String) -> FastOwnerRecord { FastOwnerRecord(id: nil, name: name) }
    static func id(of owner: FastOwnerRecord) -> Int64? { owner.id }
    static func item(_ values: ItemValues, ownerId: Int64?) -> FastItemRecord { FastItemRecord(values, ownerId: ownerId) }
    static func itemCount(of owner: FastOwnerWithItems) -> Int { owner.items.count }
    static func addOne(toPriceOf item: inout FastItemRecord) { item.price += 1 }
}

/// An owner, the parent side of the one-to-many.
struct FastOwnerRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "owner"
    static let items = hasMany(FastItemRecord.self)
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }

    var id: Int64?
    var name: String

    init(id: Int64?, name: String) {
        self.id = id
        self.name = name
    }

    init(row: Row) {
        id = row[0]
        name = row[1]
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// An item: eight attributes of mixed types and its owner's id.
struct FastItemRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "item"
    static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("name"), Column("quantity"), Column("price"), Column("score"), Column("isActive"),
         Column("created"), Column("code"), Column("ratio"), Column("ownerId")]
    }
    /// The columns of ``databaseSelection`` as SQL, for the statement tier.
    static let columnList = "id, name, quantity, price, score, isActive, created, code, ratio, ownerId"

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

    init(_ values: ItemValues, ownerId: Int64?) {
        id = nil
        name = values.name
        quantity = values.quantity
        price = values.price
        score = values.score
        isActive = values.isActive
        created = values.created
        code = values.code
        ratio = values.ratio
        self.ownerId = ownerId
    }

    init(row: Row) {
        id = row[0]
        name = row[1]
        quantity = row[2]
        price = row[3]
        score = row[4]
        isActive = row[5]
        created = Date(timeIntervalSinceReferenceDate: row[6])
        code = row[7]
        ratio = (row[8] as Double?).map(Float.init)
        ownerId = row[9]
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["quantity"] = quantity
        container["price"] = price
        container["score"] = score
        container["isActive"] = isActive
        container["created"] = created.timeIntervalSinceReferenceDate
        container["code"] = code
        container["ratio"] = ratio.map { Double($0) }
        container["ownerId"] = ownerId
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// An owner with its prefetched items, decoded by hand from `including(all:)`'s prefetched rows.
struct FastOwnerWithItems: FetchableRecord {
    var owner: FastOwnerRecord
    var items: [FastItemRecord]

    init(row: Row) {
        owner = FastOwnerRecord(row: row)
        items = (row.prefetchedRows["items"] ?? []).map(FastItemRecord.init(row:))
    }
}
