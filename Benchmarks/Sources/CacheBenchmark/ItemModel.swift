import ObjectGraph

/// One entity, `Item` (a name, a score, a price, a date), served at `/Item` by the generic test API.
enum ItemModel {
    static let model = ModelDescription(name: "Items", entities: [
        EntityDescription(name: "Item", attributes: [
            AttributeDescription(name: "name", type: .string, isOptional: false),
            AttributeDescription(name: "score", type: .integer64, isOptional: false, defaultValue: .integer(0)),
            AttributeDescription(name: "price", type: .double, isOptional: false, defaultValue: .double(0)),
            AttributeDescription(name: "created", type: .date),
        ]),
    ])

    static let mappings = ["Item": RESTEntityMapping(
        path: RESTPath([.literal("/Item")]),
        attributes: ["name", "score", "price", "created"].map { RESTAttributeMapping(attribute: $0, keyPath: [$0]) })]

    /// Item `number`, new (its ID temporary).
    static func item(_ number: Int) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Item"), entityName: "Item",
                 values: [.string("item \(number)"), .integer(Int64(number)), .double(Double(number) / 4), .null], toOneIDs: [])
    }
}
