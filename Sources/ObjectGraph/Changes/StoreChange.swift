/// What one committed save changed in a store, or several consecutive saves coalesced into one value.
///
/// Every object the saves inserted, updated or deleted is listed once under its ID, with its entity and,
/// for an update, the properties that changed. ``toManys`` lists to-many relationships whose membership
/// or order changed other than through their inverse to-one (ordered positions, many-to-many links,
/// relationships without an inverse); a to-many whose inverse is a to-one changed exactly when that
/// to-one did, which ``objects`` lists. ``entitiesToRefetch`` names entities whose objects may have
/// changed in ways the store cannot tell (for example, another process wrote the same SQLite file):
/// observers refetch what they hold of them.
///
/// A store delivers these through ``PersistentStore/changes()``; an ``ObjectContext`` merges them.
///
/// ```swift
/// for await change in try store.changes() {
///     for (id, object) in change.objects where object.kind == .updated {
///         print(id, object.entityName, object.properties.attributes)
///     }
///     if !change.entitiesToRefetch.isEmpty { print("refetch", change.entitiesToRefetch) }
/// }
/// ```
public struct StoreChange: Sendable, Hashable {
    /// How one object changed.
    public enum Kind: Sendable, Hashable {
        /// The object is new.
        case inserted
        /// Some of the object's attributes or to-ones have new values.
        case updated
        /// The object no longer exists.
        case deleted
    }

    /// The change of one object.
    public struct Object: Sendable, Hashable {
        /// How the object changed.
        public var kind: Kind
        /// The object's entity; for an update, possibly an ancestor that declares every changed property
        /// (property indices are the same in an entity and its subentities).
        public var entityName: String
        /// For an update, the changed properties; empty otherwise.
        public var properties: ChangedProperties

        /// Creates an object change.
        public init(kind: Kind, entityName: String, properties: ChangedProperties = ChangedProperties()) {
            self.kind = kind
            self.entityName = entityName
            self.properties = properties
        }
    }

    /// One to-many relationship of one object.
    public struct ToMany: Sendable, Hashable {
        /// The owner's ID.
        public var ownerID: AnyObjectID
        /// The owner's entity, or an ancestor that declares the relationship.
        public var entityName: String
        /// The index into the entity's relationships.
        public var relationshipIndex: Int

        /// Creates a to-many key.
        public init(ownerID: AnyObjectID, entityName: String, relationshipIndex: Int) {
            self.ownerID = ownerID
            self.entityName = entityName
            self.relationshipIndex = relationshipIndex
        }
    }

    /// Every changed object, by ID (permanent IDs only).
    public internal(set) var objects: [AnyObjectID: Object] = [:]
    /// To-many relationships whose membership or order changed other than through an inverse to-one.
    public internal(set) var toManys: Set<ToMany> = []
    /// Entities (each with its subentities) whose objects may have changed beyond what ``objects`` and
    /// ``toManys`` list.
    public internal(set) var entitiesToRefetch: Set<String> = []

    /// An empty change.
    public init() {}

    /// A change that says only that objects of `entityNames` may have changed.
    ///
    /// ```swift
    /// let unknown = StoreChange(entitiesToRefetch: ["Band", "Album"])
    /// ```
    public init(entitiesToRefetch entityNames: Set<String>) {
        entitiesToRefetch = entityNames
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { objects.isEmpty && toManys.isEmpty && entitiesToRefetch.isEmpty }

    /// The IDs of the objects that changed as `kind` says, by entity name.
    ///
    /// ```swift
    /// change.ids(.inserted)["Album"]   // the albums the saves inserted
    /// ```
    public func ids(_ kind: Kind) -> [String: [AnyObjectID]] {
        var result: [String: [AnyObjectID]] = [:]
        for (id, object) in objects where object.kind == kind { result[object.entityName, default: []].append(id) }
        return result
    }

    /// Records one object's change after the changes already listed: an insert followed by a delete
    /// leaves nothing, an update followed by a delete a delete, two updates the union of their properties.
    ///
    /// ```swift
    /// var change = StoreChange()
    /// change.record(id, StoreChange.Object(kind: .updated, entityName: "Album", properties: ChangedProperties(attributes: [1])))
    /// ```
    public mutating func record(_ id: AnyObjectID, _ later: Object) {
        guard let earlier = objects[id] else {
            objects[id] = later
            return
        }
        switch (earlier.kind, later.kind) {
        case (.inserted, .deleted):
            objects[id] = nil
        case (.inserted, _), (.deleted, .updated), (.deleted, .deleted):
            break
        case (.updated, .updated):
            objects[id]?.properties.formUnion(later.properties)
        case (.updated, .deleted), (.updated, .inserted):
            objects[id] = later
        case (.deleted, .inserted):
            // A store that reuses an ID: observers take the new object's values as they would an insert's.
            objects[id] = later
        }
    }

    /// Records that the membership or order of a to-many changed.
    public mutating func record(_ toMany: ToMany) {
        toManys.insert(toMany)
    }

    /// Records that objects of `entityNames` may have changed.
    public mutating func recordEntitiesToRefetch(_ entityNames: Set<String>) {
        entitiesToRefetch.formUnion(entityNames)
    }

    /// Appends `later`, a change committed after this one, so this value says what both did.
    ///
    /// ```swift
    /// var pending = first
    /// pending.coalesce(with: second)   // what an observer that missed both needs to know
    /// ```
    public mutating func coalesce(with later: StoreChange) {
        if objects.isEmpty {
            objects = later.objects
        } else {
            for (id, object) in later.objects { record(id, object) }
        }
        toManys.formUnion(later.toManys)
        entitiesToRefetch.formUnion(later.entitiesToRefetch)
    }
}
