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
struct ObjectCache: Sendable, CachedObjectLookup {
    /// The cached objects; written only through ``store(_:id:)``, which keeps ``pinnedValues`` in step.
    private(set) var objects: [AnyObjectID: CachedObject] = [:]
    /// The objects by the values list URLs pin through a to-one (``objects(ofRoot:attribute:equalTo:)``).
    private var pinnedValues: PinnedValueIndex
    /// The members of each listed relationship; written only through ``setList(_:for:listedAt:)``, which
    /// keeps ``holders`` in step.
    private(set) var related: [RelationKey: [AnyObjectID]] = [:]
    /// The lists each object is a member of, so a save deleting it finds them without reading every list.
    private var holders: [AnyObjectID: [RelationKey]] = [:]
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

    /// An empty cache whose objects are indexed by the values `pinnedValues` reads.
    init(pinnedValues: PinnedValueIndex = PinnedValueIndex()) {
        self.pinnedValues = pinnedValues
    }

    subscript(_ id: AnyObjectID) -> CachedObject? {
        objects[id]
    }

    /// The cached objects of the hierarchy `root` whose `attribute` holds `value`, when the index reads
    /// that attribute (a list URL names it one step from a to-one); `nil` otherwise.
    func objects(ofRoot root: String, attribute: String, equalTo value: AttributeValue) -> Set<AnyObjectID>? {
        guard pinnedValues.reads(attribute, ofRoot: root) else { return nil }
        return pinnedValues.objects(ofRoot: root, attribute: attribute, equalTo: value)
    }

    /// Sets the to-one at `slot` of the cached object `id` (nothing when it is not cached).
    mutating func setToOne(at slot: Int, of id: AnyObjectID, to destination: AnyObjectID?) {
        guard var object = objects[id], object.toOneIDs.indices.contains(slot) else { return }
        object.toOneIDs[slot] = destination
        store(object, id: id)
    }

    /// Makes `object` the cached state of `id` (`nil`: not cached), keeping the index in step.
    private mutating func store(_ object: CachedObject?, id: AnyObjectID) {
        pinnedValues.replace(objects[id], with: object, id: id)
        objects[id] = object
    }

    /// Makes the list of `key` `members` (`nil`: not cached), listed at `listedAt`.
    mutating func setList(_ members: [AnyObjectID]?, for key: RelationKey, listedAt instant: ContinuousClock.Instant?) {
        for member in related[key] ?? [] {
            holders[member]?.removeAll { $0 == key }
            if holders[member]?.isEmpty == true { holders[member] = nil }
        }
        for member in members ?? [] { holders[member, default: []].append(key) }
        related[key] = members
        listedAt[key] = instant
    }

    /// The cached lists `id` is a member of.
    func lists(holding id: AnyObjectID) -> [RelationKey] {
        holders[id] ?? []
    }

    /// Forgets the object `id`: its values and the lists it owns are fetched again when needed.
    mutating func forget(_ id: AnyObjectID) {
        store(nil, id: id)
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

    /// Applies what a save or a response changed (``CacheOverlay/takeChanges()``; a save awaited the server
    /// while other calls cached objects here), keeping what other calls cached meanwhile.
    mutating func apply(_ changes: CacheOverlay.Changes) {
        for (id, entry) in changes.objects {
            if let object = entry.object {
                store(object, id: id)
                describedAt[id] = entry.describedAt
            } else {
                forget(id)
            }
        }
        for (key, entry) in changes.lists { setList(entry.members, for: key, listedAt: entry.listedAt) }
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
        for key in related.keys where dropped.contains(key.owner) { setList(nil, for: key, listedAt: nil) }
    }
}
