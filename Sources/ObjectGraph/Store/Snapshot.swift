/// The stored state of one object as a store returns it (and as a change set carries an inserted one).
///
/// ``values`` is aligned with the concrete entity's ``EntityDescription/attributes`` (transient
/// attributes are ``AttributeValue/null``); ``toOneIDs`` is aligned with its
/// ``EntityDescription/toOneRelationshipIndices``, so a to-one needs no extra round trip. A store
/// reading many rows can share one array between the snapshots of a batch (``SharedSlice``).
///
/// ```swift
/// Snapshot(id: AnyObjectID(entityName: "Album", key: .integer(1)), entityName: "Album",
///          values: [.string("Rue Royale"), .integer(2016)],
///          toOneIDs: [AnyObjectID(entityName: "Band", key: .integer(3))])
/// ```
public struct Snapshot: Sendable, Hashable, Codable {
    /// The object's ID.
    public var id: AnyObjectID
    /// The object's concrete entity (a subentity of `id.entityName`'s hierarchy, or that root itself).
    public var entityName: String
    /// Attribute values aligned with the entity's attributes.
    public var values: SharedSlice<AttributeValue>
    /// To-one destinations aligned with the entity's to-one relationships; `nil` for no destination.
    public var toOneIDs: SharedSlice<AnyObjectID?>
    /// The row version the store read, for stores that detect conflicts
    /// (``StoreCapabilities/detectsConflicts``): 1 when the object was inserted, one more with every save
    /// that updates it. 0 from stores that keep no versions.
    public var version: Int64

    /// Creates a snapshot whose values may share storage with other snapshots' (see ``SharedSlice``).
    public init(
        id: AnyObjectID, entityName: String, values: SharedSlice<AttributeValue>, toOneIDs: SharedSlice<AnyObjectID?>,
        version: Int64 = 0
    ) {
        self.id = id
        self.entityName = entityName
        self.values = values
        self.toOneIDs = toOneIDs
        self.version = version
    }

    /// Creates a snapshot.
    public init(id: AnyObjectID, entityName: String, values: [AttributeValue], toOneIDs: [AnyObjectID?], version: Int64 = 0) {
        self.init(id: id, entityName: entityName, values: SharedSlice(values), toOneIDs: SharedSlice(toOneIDs), version: version)
    }
}
