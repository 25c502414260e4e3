// The benchmark's model, written by hand in the shape modelgen generates (see the runtime's fixtures).
import Foundation
import ObjectGraph

/// Entity `Owner`: the parent side of the benchmark's one-to-many.
final class Owner: ManagedObject, ManagedEntity {
    static let entity = EntityDescription(
        name: "Owner",
        attributes: [AttributeDescription(name: "name", type: .string, isOptional: false)],
        relationships: [RelationshipDescription(name: "items", destination: "Item", inverse: "owner", isToMany: true)],
        attributesNeverNull: ["name"])

    var name: String {
        get { _name }
        set { willChange(attributeAt: 0); _name = newValue }
        _modify { willChange(attributeAt: 0); yield &_name }
    }
    private var _name: String = ""

    override func attributeValue(at index: Int) -> AttributeValue {
        switch index {
        case 0: name.attributeValue
        default: super.attributeValue(at: index)
        }
    }

    override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
        switch index {
        case 0: name = try decode(value, at: 0)
        default: try super.setAttributeValue(value, at: index)
        }
    }

    override func loadAttributes(from values: SharedSlice<AttributeValue>) throws {
        _name = try decode(values, at: 0)
    }

    override func loadAttributes(from row: any StoredRow) throws {
        _name = try decode(row, at: 0)
    }

    nonisolated(nonsending) var items: [Item] { get async throws { try await toMany(at: 0) } }

    convenience init(context: ObjectContext, name: String) {
        self.init(entity: Self.entity)
        self.name = name
        context.insert(self)
    }

    struct Fields: FieldSet {
        typealias Object = Owner
        let keyPathPrefix: [String]
        init(prefix: [String]) { keyPathPrefix = prefix }
        var name: AttributeField<String> { attribute("name") }
        var items: ToManyField<Item.Fields> { toMany("items") }
    }
}

/// Entity `Item`: eight attributes of mixed types and a to-one.
final class Item: ManagedObject, ManagedEntity {
    static let entity = EntityDescription(
        name: "Item",
        attributes: [
            AttributeDescription(name: "name", type: .string, isOptional: false),
            AttributeDescription(name: "quantity", type: .integer64, isOptional: false, defaultValue: .integer(0)),
            AttributeDescription(name: "price", type: .double, isOptional: false, defaultValue: .double(0)),
            AttributeDescription(name: "score", type: .integer32, isOptional: false, defaultValue: .integer(0)),
            AttributeDescription(name: "isActive", type: .boolean, isOptional: false, defaultValue: .bool(false)),
            AttributeDescription(name: "created", type: .date, isOptional: false),
            AttributeDescription(name: "code", type: .string),
            AttributeDescription(name: "ratio", type: .float),
        ],
        relationships: [RelationshipDescription(name: "owner", destination: "Owner", inverse: "items")],
        attributesNeverNull: ["name", "quantity", "price", "score", "isActive", "created"])

    var name: String {
        get { _name }
        set { willChange(attributeAt: 0); _name = newValue }
        _modify { willChange(attributeAt: 0); yield &_name }
    }
    private var _name: String = ""
    var quantity: Int64 {
        get { _quantity }
        set { willChange(attributeAt: 1); _quantity = newValue }
        _modify { willChange(attributeAt: 1); yield &_quantity }
    }
    private var _quantity: Int64 = 0
    var price: Double {
        get { _price }
        set { willChange(attributeAt: 2); _price = newValue }
        _modify { willChange(attributeAt: 2); yield &_price }
    }
    private var _price: Double = 0
    var score: Int32 {
        get { _score }
        set { willChange(attributeAt: 3); _score = newValue }
        _modify { willChange(attributeAt: 3); yield &_score }
    }
    private var _score: Int32 = 0
    var isActive: Bool {
        get { _isActive }
        set { willChange(attributeAt: 4); _isActive = newValue }
        _modify { willChange(attributeAt: 4); yield &_isActive }
    }
    private var _isActive: Bool = false
    var created: Date {
        get { _created }
        set { willChange(attributeAt: 5); _created = newValue }
        _modify { willChange(attributeAt: 5); yield &_created }
    }
    private var _created: Date = Date(timeIntervalSinceReferenceDate: 0)
    var code: String? {
        get { _code }
        set { willChange(attributeAt: 6); _code = newValue }
        _modify { willChange(attributeAt: 6); yield &_code }
    }
    private var _code: String?
    var ratio: Float? {
        get { _ratio }
        set { willChange(attributeAt: 7); _ratio = newValue }
        _modify { willChange(attributeAt: 7); yield &_ratio }
    }
    private var _ratio: Float?

    override func attributeValue(at index: Int) -> AttributeValue {
        switch index {
        case 0: name.attributeValue
        case 1: quantity.attributeValue
        case 2: price.attributeValue
        case 3: score.attributeValue
        case 4: isActive.attributeValue
        case 5: created.attributeValue
        case 6: code.attributeValue
        case 7: ratio.attributeValue
        default: super.attributeValue(at: index)
        }
    }

    override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
        switch index {
        case 0: name = try decode(value, at: 0)
        case 1: quantity = try decode(value, at: 1)
        case 2: price = try decode(value, at: 2)
        case 3: score = try decode(value, at: 3)
        case 4: isActive = try decode(value, at: 4)
        case 5: created = try decode(value, at: 5)
        case 6: code = try decode(value, at: 6)
        case 7: ratio = try decode(value, at: 7)
        default: try super.setAttributeValue(value, at: index)
        }
    }

    override func loadAttributes(from values: SharedSlice<AttributeValue>) throws {
        _name = try decode(values, at: 0)
        _quantity = try decode(values, at: 1)
        _price = try decode(values, at: 2)
        _score = try decode(values, at: 3)
        _isActive = try decode(values, at: 4)
        _created = try decode(values, at: 5)
        _code = try decode(values, at: 6)
        _ratio = try decode(values, at: 7)
    }

    override func loadAttributes(from row: any StoredRow) throws {
        _name = try decode(row, at: 0)
        _quantity = try decode(row, at: 1)
        _price = try decode(row, at: 2)
        _score = try decode(row, at: 3)
        _isActive = try decode(row, at: 4)
        _created = try decode(row, at: 5)
        _code = try decode(row, at: 6)
        _ratio = try decode(row, at: 7)
    }

    nonisolated(nonsending) var owner: Owner? { get async throws { try await toOne(at: 0) } }
    func setOwner(_ owner: Owner?) { set(owner, toOneAt: 0) }

    convenience init(context: ObjectContext, name: String, created: Date) {
        self.init(entity: Self.entity)
        self.name = name
        self.created = created
        context.insert(self)
    }

    struct Fields: FieldSet {
        typealias Object = Item
        let keyPathPrefix: [String]
        init(prefix: [String]) { keyPathPrefix = prefix }
        var name: AttributeField<String> { attribute("name") }
        var quantity: AttributeField<Int64> { attribute("quantity") }
        var price: AttributeField<Double> { attribute("price") }
        var score: AttributeField<Int32> { attribute("score") }
        var isActive: AttributeField<Bool> { attribute("isActive") }
        var created: AttributeField<Date> { attribute("created") }
        var code: AttributeField<String?> { attribute("code") }
        var ratio: AttributeField<Float?> { attribute("ratio") }
        var owner: Owner.Fields { toOne("owner") }
    }
}

enum BenchmarkModel {
    static let model = ManagedObjectModel(name: "Benchmark", classes: [Owner.self, Item.self])
}

/// The values every implementation writes: row `i` of `n`, owned by owner `i / 10`.
struct ItemValues: Sendable {
    let name: String
    let quantity: Int64
    let price: Double
    let score: Int32
    let isActive: Bool
    let created: Date
    let code: String?
    let ratio: Float?
    let owner: Int
}

extension ItemValues {
    init(_ i: Int) {
        name = "item \(i)"
        quantity = Int64(i)
        price = Double(i) * 0.25
        score = Int32(i % 1000)
        isActive = i % 2 == 0
        created = Date(timeIntervalSinceReferenceDate: Double(i))
        code = i % 3 == 0 ? nil : "C\(i % 97)"
        ratio = i % 5 == 0 ? nil : Float(i % 100) / 10
        owner = i / 10
    }
}
