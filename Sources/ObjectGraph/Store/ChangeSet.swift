/// Everything one ``ObjectContext/save()`` writes, in a shape a SQL store can apply directly.
///
/// A store applies a change set atomically: all of it or, on any error, nothing. IDs anywhere in it may
/// be temporary IDs of objects inserted by the same change set; the store assigns permanent IDs and
/// returns them from ``PersistentStore/save(_:)`` in the order of ``inserted``.
///
/// How relationships travel:
/// - Every to-one is a foreign key on its own entity: inserted objects carry all of them in
///   ``Snapshot/toOneIDs``, updated objects the changed ones in ``UpdatedObject/toOnes``. Both sides of a
///   one-to-one appear.
/// - A changed to-many appears as a ``ToManyChange`` when it is ordered, has no inverse, or its inverse
///   is a to-many (``ModelDescription/carriesToManyChanges(of:relationshipAt:)``). Any other to-many's
///   membership is its inverse's foreign key, which is already here; an ordered one's change then
///   matters only for positions. Many-to-many changes may be reported from both sides; adding an
///   existing link or removing a missing one is not an error.
/// - Deleted objects lose their link rows and positions in the store. Foreign keys of other objects that
///   point at them are changed by the context as the delete rules say (they arrive as updates);
///   under ``DeleteRule/noAction`` they may be left dangling.
///
/// Versions: updates and deletions carry the version the context read. A store that detects conflicts
/// (``StoreCapabilities/detectsConflicts``) applies nothing when any of them differs from the stored one
/// and throws ``ObjectGraphError/storeConflicts(_:)`` listing every such object with its stored state;
/// it gives inserted objects version 1 and adds 1 to the version of every object an update writes.
/// To-many changes that are not a foreign key of the object's own row (link rows, positions) are not
/// versioned: additions and removals of members commute.
///
/// ```swift
/// let changes = ChangeSet(inserted: [snapshot], updated: [], deleted: [], toManyChanges: [])
/// let permanentIDs = try await store.save(changes)
/// ```
public struct ChangeSet: Sendable, Hashable, Codable {
    /// Inserted objects with every attribute value and every to-one destination; their IDs are temporary.
    public var inserted: [Snapshot]
    /// Changed attributes and to-ones of existing objects.
    public var updated: [UpdatedObject]
    /// Deleted objects.
    public var deleted: [DeletedObject]
    /// Membership and order changes of to-many relationships.
    public var toManyChanges: [ToManyChange]

    /// Creates a change set.
    public init(
        inserted: [Snapshot] = [],
        updated: [UpdatedObject] = [],
        deleted: [DeletedObject] = [],
        toManyChanges: [ToManyChange] = []
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.toManyChanges = toManyChanges
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty && toManyChanges.isEmpty
    }
}

/// The changed parts of one existing object.
public struct UpdatedObject: Sendable, Hashable, Codable {
    /// The object's ID.
    public var id: AnyObjectID
    /// The object's concrete entity, or, for an object the context never loaded (whose to-one it changed
    /// through an inverse), the entity that declares the changed relationship: an ancestor of the
    /// concrete entity, with the same relationship indices.
    public var entityName: String
    /// New values of changed attributes, by index into the entity's attributes, in ascending index order.
    /// A context packs the changes of many updates into one array (see ``SharedSlice``).
    public var attributes: SharedSlice<AttributeChange>
    /// New destinations of changed to-one relationships.
    public var toOnes: [ToOneChange]
    /// The version of the object the context read (``Snapshot/version``); a store that detects conflicts
    /// refuses the update when the stored version differs. 0: not checked (the store keeps no versions,
    /// or the context changed a to-one of an object it never loaded).
    public var readVersion: Int64

    /// Creates an update.
    public init(
        id: AnyObjectID, entityName: String, attributes: SharedSlice<AttributeChange>, toOnes: [ToOneChange], readVersion: Int64 = 0
    ) {
        self.id = id
        self.entityName = entityName
        self.attributes = attributes
        self.toOnes = toOnes
        self.readVersion = readVersion
    }
}

/// A new value for one attribute.
public struct AttributeChange: Sendable, Hashable, Codable {
    /// The index into the entity's attributes.
    public var index: Int
    /// The new value.
    public var value: AttributeValue

    /// Creates an attribute change.
    public init(index: Int, value: AttributeValue) {
        self.index = index
        self.value = value
    }
}

/// A new destination for one to-one relationship.
public struct ToOneChange: Sendable, Hashable, Codable {
    /// The index into the entity's relationships.
    public var relationshipIndex: Int
    /// The new destination, or `nil` to clear it.
    public var destination: AnyObjectID?

    /// Creates a to-one change.
    public init(relationshipIndex: Int, destination: AnyObjectID?) {
        self.relationshipIndex = relationshipIndex
        self.destination = destination
    }
}

/// One deleted object.
public struct DeletedObject: Sendable, Hashable, Codable {
    /// The object's ID (never temporary).
    public var id: AnyObjectID
    /// The object's concrete entity.
    public var entityName: String
    /// The version of the object the context read; checked like ``UpdatedObject/readVersion``.
    public var readVersion: Int64

    /// Creates a deletion.
    public init(id: AnyObjectID, entityName: String, readVersion: Int64 = 0) {
        self.id = id
        self.entityName = entityName
        self.readVersion = readVersion
    }
}

/// The membership (and, for ordered relationships, order) change of one object's to-many relationship.
///
/// Apply ``removed``, then ``added`` (appended at the end, in this order), then, when ``orderedIDs`` is
/// present, give the members exactly that order.
public struct ToManyChange: Sendable, Hashable, Codable {
    /// The owner object's ID.
    public var ownerID: AnyObjectID
    /// The owner's concrete entity, or, when the context changed the relationship without loading the
    /// owner, the entity that declares the relationship (an ancestor, with the same indices).
    public var entityName: String
    /// The index into the owner entity's relationships.
    public var relationshipIndex: Int
    /// Destinations added.
    public var added: [AnyObjectID]
    /// Destinations removed.
    public var removed: [AnyObjectID]
    /// For an ordered relationship whose full contents the context knew: every member in its new order.
    public var orderedIDs: [AnyObjectID]?

    /// Creates a to-many change.
    public init(
        ownerID: AnyObjectID,
        entityName: String,
        relationshipIndex: Int,
        added: [AnyObjectID],
        removed: [AnyObjectID],
        orderedIDs: [AnyObjectID]? = nil
    ) {
        self.ownerID = ownerID
        self.entityName = entityName
        self.relationshipIndex = relationshipIndex
        self.added = added
        self.removed = removed
        self.orderedIDs = orderedIDs
    }
}
