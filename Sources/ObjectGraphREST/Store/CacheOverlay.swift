import ObjectGraph

/// An operation's view of the store's object cache: the cache as the operation began, shared and never
/// copied, with the operation's own writes over it. A save works on one, and so does the taking in of a
/// read's response. The store's cache stays as it was until the operation ends, so a failed save or a
/// response that does not decode changes nothing, and what the operation changed is read from its writes
/// (``takeChanges()``, ``ObjectCache/apply(_:)``), so it costs what it writes, not what the cache holds.
struct CacheOverlay: CachedObjectLookup {
    /// An object the operation wrote: its state (`nil`: removed) and when a response last described it.
    struct ObjectEntry {
        var object: CachedObject?
        var describedAt: ContinuousClock.Instant?
    }

    /// A relationship list the operation wrote: its members (`nil`: not cached) and when it was listed.
    struct ListEntry {
        var members: [AnyObjectID]?
        var listedAt: ContinuousClock.Instant?
    }

    /// What an operation changed (``takeChanges()``), apart from the cache it began with.
    struct Changes {
        /// The objects written with another state than the cache began with, or described again by a response.
        var objects: [(id: AnyObjectID, entry: ObjectEntry)]
        /// The lists listed again, changed, or dropped where the cache had them.
        var lists: [(key: RelationKey, entry: ListEntry)]
        /// How many objects and lists the operation wrote: all that was compared to find these.
        let writtenCount: Int

        /// These changes without those of the entries `isKept` tells to keep as the cache has them.
        func leaving(_ isKept: (CacheEntry) -> Bool) -> Changes {
            var left = self
            left.objects.removeAll { isKept(.object($0.id)) }
            left.lists.removeAll { isKept(.list($0.key)) }
            return left
        }
    }

    /// The store's cache as the operation began.
    private var base: ObjectCache
    private var objects: [AnyObjectID: ObjectEntry] = [:]
    private var lists: [RelationKey: ListEntry] = [:]

    init(over base: ObjectCache) {
        self.base = base
    }

    subscript(_ id: AnyObjectID) -> CachedObject? {
        if let entry = objects[id] { return entry.object }
        return base.objects[id]
    }

    /// The members of the list of `key`, if cached.
    func members(of key: RelationKey) -> [AnyObjectID]? {
        if let entry = lists[key] { return entry.members }
        return base.related[key]
    }

    /// Stages `object` (`nil`: removes it), keeping when a response last described it.
    mutating func stage(_ object: CachedObject?, id: AnyObjectID) {
        objects[id] = ObjectEntry(object: object, describedAt: object == nil ? nil : objects[id]?.describedAt ?? base.describedAt[id])
    }

    /// Removes the object `id` (a read found it gone): it is loaded again when needed.
    mutating func forget(_ id: AnyObjectID) {
        stage(nil, id: id)
    }

    /// Stores `object` as a response described it now.
    mutating func describe(_ object: CachedObject, id: AnyObjectID) {
        objects[id] = ObjectEntry(object: object, describedAt: .now)
    }

    /// Sets the to-one at `slot` of the cached object `id` (nothing when it is not cached).
    mutating func setToOne(at slot: Int, of id: AnyObjectID, to destination: AnyObjectID?) {
        guard var object = self[id] else { return }
        object.toOneIDs[slot] = destination
        stage(object, id: id)
    }

    /// Stores `members` as a response (or a save the server accepted) listed them now.
    mutating func list(_ members: [AnyObjectID], for key: RelationKey) {
        lists[key] = ListEntry(members: members, listedAt: .now)
    }

    /// Makes `owner` the destination of the to-one inverse of `relationship` on `member`, when the model
    /// declares one: the server listed `member` under `owner`.
    mutating func link(_ member: AnyObjectID, toOwner owner: AnyObjectID, through relationship: MappedRelationship,
                       in model: ModelDescription) {
        guard let inverse = relationship.inverseIndex, let cached = self[member],
              let entity = model.entity(named: cached.entityName),
              let slot = entity.toOneSlot(forRelationshipAt: inverse) else { return }
        setToOne(at: slot, of: member, to: owner)
    }

    /// Forgets the list of `key`: it is read again when needed.
    mutating func dropList(_ key: RelationKey) {
        lists[key] = ListEntry(members: nil, listedAt: nil)
    }

    /// Removes the deleted object `id`, the lists it owns (those of `toManyNames`) and its membership of
    /// every cached list.
    mutating func removeDeleted(_ id: AnyObjectID, toManyNames: [String]) {
        stage(nil, id: id)
        for name in toManyNames { dropList(RelationKey(owner: id, relationship: name)) }
        let holding = base.lists(holding: id) + lists.compactMap { key, entry in entry.members?.contains(id) == true ? key : nil }
        for key in Set(holding) where key.owner != id {
            guard let members = members(of: key), members.contains(id) else { continue }
            lists[key] = ListEntry(members: members.filter { $0 != id }, listedAt: lists[key]?.listedAt ?? base.listedAt[key])
        }
    }

    /// What the operation changed. It lets go of the cache the operation began with, so the store's cache,
    /// no longer shared, changes in place when the changes are applied rather than being copied whole; the
    /// view reads only the operation's own writes afterwards.
    mutating func takeChanges() -> Changes {
        let changes = Changes(
            objects: objects.compactMap { id, entry in
                entry.object != base.objects[id] || entry.describedAt != base.describedAt[id] ? (id, entry) : nil
            },
            lists: lists.compactMap { key, entry in
                entry.members != base.related[key] || entry.listedAt != base.listedAt[key] ? (key, entry) : nil
            },
            writtenCount: objects.count + lists.count)
        base = ObjectCache()
        return changes
    }
}
