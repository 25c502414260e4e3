/// One stored object of an ``InMemoryStore``.
struct InMemoryRow: Sendable {
    let entity: EntityDescription
    var values: [AttributeValue]
    var toOneIDs: [AnyObjectID?]

    func snapshot(id: AnyObjectID) -> Snapshot {
        Snapshot(id: id, entityName: entity.name, values: values, toOneIDs: toOneIDs)
    }
}

/// The to-many list of one owner: `(owner, relationship name)`.
struct LinkKey: Sendable, Hashable {
    let owner: AnyObjectID
    let relationship: String
}
