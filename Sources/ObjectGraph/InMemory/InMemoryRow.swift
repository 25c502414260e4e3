/// One stored object of an ``InMemoryStore``.
struct InMemoryRow: Sendable {
    let entity: EntityDescription
    var values: [AttributeValue]
    var toOneIDs: [AnyObjectID?]
    /// 1 when inserted, one more with every update.
    var version: Int64 = 1

    func snapshot(id: AnyObjectID) -> Snapshot {
        Snapshot(id: id, entityName: entity.name, values: values, toOneIDs: toOneIDs, version: version)
    }
}

/// The to-many list of one owner: `(owner, relationship name)`.
struct LinkKey: Sendable, Hashable {
    let owner: AnyObjectID
    let relationship: String
}
