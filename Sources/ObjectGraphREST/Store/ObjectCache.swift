import Foundation
import ObjectGraph

/// The store's merged state of one object, as read from responses.
struct CachedObject: Sendable, Hashable {
    var entityName: String
    var values: [AttributeValue]
    var toOneIDs: [AnyObjectID?]

    /// A new object of `entity` with default values and empty to-ones.
    init(entity: EntityDescription) {
        entityName = entity.name
        values = entity.attributes.map { $0.isTransient ? .null : ($0.defaultValue ?? .null) }
        toOneIDs = Array(repeating: nil, count: entity.toOneRelationshipIndices.count)
    }

    init(_ snapshot: Snapshot) {
        entityName = snapshot.entityName
        values = Array(snapshot.values)
        toOneIDs = Array(snapshot.toOneIDs)
    }

    func snapshot(id: AnyObjectID) -> Snapshot {
        Snapshot(id: id, entityName: entityName, values: values, toOneIDs: toOneIDs)
    }
}

/// The relationship of one object whose destinations a response listed.
struct RelationKey: Sendable, Hashable {
    let owner: AnyObjectID
    let relationship: String
}

/// Everything the store learned from responses: objects by ID and relationship lists, so faulting an
/// object or a relationship a response already described makes no request; and when a response last
/// described each, so the store can let entries expire (``RESTObjectCachePolicy``).
struct ObjectCache: Sendable {
    var objects: [AnyObjectID: CachedObject] = [:]
    var related: [RelationKey: [AnyObjectID]] = [:]
    /// When a response last described each object (objects staged by a save have none until the
    /// server's answer describes them).
    private(set) var describedAt: [AnyObjectID: ContinuousClock.Instant] = [:]
    /// When a response last listed each relationship.
    private(set) var listedAt: [RelationKey: ContinuousClock.Instant] = [:]
    /// The object URLs of dropped objects, whose URL placeholders (`/users/:login`) need values that
    /// left with them; at most four times the object limit.
    private(set) var addresses: [AnyObjectID: URL] = [:]
    /// The IDs of ``addresses`` in the order they were added, oldest first.
    private var addressOrder: [AnyObjectID] = []

    /// Stores `object` as a response described it now.
    mutating func describe(_ object: CachedObject, id: AnyObjectID) {
        objects[id] = object
        describedAt[id] = .now
    }

    /// Stores `members` as a response (or a save the server accepted) listed them now.
    mutating func list(_ members: [AnyObjectID], for key: RelationKey) {
        related[key] = members
        listedAt[key] = .now
    }

    /// Forgets the object `id`: its values and the lists it owns are fetched again when needed.
    mutating func forget(_ id: AnyObjectID) {
        objects[id] = nil
        describedAt[id] = nil
    }

    /// Whether the object is cached and, with a `maximumAge`, was described at most that long ago.
    func hasFresh(_ id: AnyObjectID, maximumAge: Duration?) -> Bool {
        guard objects[id] != nil else { return false }
        guard let maximumAge else { return true }
        return describedAt[id].map { $0.duration(to: .now) <= maximumAge } ?? false
    }

    /// The cached list of `key` when, with a `maximumAge`, it was listed at most that long ago.
    func freshList(_ key: RelationKey, maximumAge: Duration?) -> [AnyObjectID]? {
        guard let members = related[key] else { return nil }
        guard let maximumAge else { return members }
        return listedAt[key].flatMap { $0.duration(to: .now) <= maximumAge ? members : nil }
    }

    /// Makes `owner` the destination of the to-one inverse of `relationship` on `member`, when the model
    /// declares one: the server listed `member` under `owner`.
    mutating func link(_ member: AnyObjectID, toOwner owner: AnyObjectID, through relationship: MappedRelationship,
                       in model: ModelDescription) {
        guard let inverse = relationship.inverseIndex, let cached = objects[member],
              let entity = model.entity(named: cached.entityName),
              let slot = entity.toOneSlot(forRelationshipAt: inverse) else { return }
        objects[member]?.toOneIDs[slot] = owner
    }

    /// Applies what changed between `original` and `updated` (copies taken around a save that awaited
    /// the server), keeping what other calls cached meanwhile.
    mutating func apply(changesFrom original: ObjectCache, to updated: ObjectCache) {
        for (id, object) in updated.objects where original.objects[id] != object || original.describedAt[id] != updated.describedAt[id] {
            objects[id] = object
            describedAt[id] = updated.describedAt[id]
        }
        for id in original.objects.keys where updated.objects[id] == nil { forget(id) }
        for key in updated.listsChanged(since: original) { copyList(key, from: updated) }
    }

    /// The relationship lists listed anew, changed or dropped since `original` (a copy taken earlier).
    func listsChanged(since original: ObjectCache) -> Set<RelationKey> {
        var keys = Set(related.keys.filter { original.related[$0] != related[$0] || original.listedAt[$0] != listedAt[$0] })
        keys.formUnion(original.related.keys.filter { related[$0] == nil })
        return keys
    }

    /// Makes the list of `key` (members and when they were listed, or its absence) what it is in `other`.
    mutating func copyList(_ key: RelationKey, from other: ObjectCache) {
        related[key] = other.related[key]
        listedAt[key] = other.listedAt[key]
    }

    /// Keeps at most `limit` objects: when there are more, drops the least recently described ones
    /// (and the relationship lists they own) down to nine tenths of `limit`, so trimming happens once
    /// per many responses rather than on each; `address` gives each dropped object's URL, remembered
    /// so that it can be loaded again.
    mutating func trim(toAtMost limit: Int, address: (AnyObjectID, [AnyObjectID: CachedObject]) -> URL?) {
        guard objects.count > limit else { return }
        let keep = limit - limit / 10
        let byAge = objects.keys.sorted { left, right in
            switch (describedAt[left], describedAt[right]) {
            case let (left?, right?): left < right
            case (nil, .some): true
            default: false
            }
        }
        let dropped = Set(byAge.prefix(objects.count - keep))
        for id in dropped {
            addresses[id] = address(id, objects)
            addressOrder.append(id)
        }
        if addressOrder.count > 4 * limit {
            for id in addressOrder.prefix(addressOrder.count - 2 * limit) where !dropped.contains(id) { addresses[id] = nil }
            addressOrder.removeFirst(addressOrder.count - 2 * limit)
        }
        for id in dropped { forget(id) }
        for key in related.keys where dropped.contains(key.owner) {
            related[key] = nil
            listedAt[key] = nil
        }
    }
}
