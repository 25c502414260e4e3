import ObjectGraph

/// A save's view of the store's object cache: the cache as the save began, shared and never copied, with
/// the save's own writes over it. The store's cache stays as it was until the save ends, so a failed save
/// changes nothing, and what the save changed is read from its writes (``ObjectCache/apply(_:)``), so a
/// save costs what it writes, not what the cache holds.
struct SaveCache: DecodingCache {
    /// An object the save wrote: its state (`nil`: removed) and when a response last described it.
    struct ObjectEntry {
        var object: CachedObject?
        var describedAt: ContinuousClock.Instant?
    }

    /// A relationship list the save wrote: its members (`nil`: not cached) and when it was listed.
    struct ListEntry {
        var members: [AnyObjectID]?
        var listedAt: ContinuousClock.Instant?
    }

    /// What a save changed (``takeChanges()``), apart from the cache it began with.
    struct Changes {
        /// The objects written with another state than the cache began with, or described again by a response.
        let objects: [(id: AnyObjectID, entry: ObjectEntry)]
        /// The lists listed again, changed, or dropped where the cache had them.
        let lists: [(key: RelationKey, entry: ListEntry)]
        /// How many objects and lists the save wrote: all that was compared to find these.
        let writtenCount: Int
    }

    /// The store's cache as the save began.
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

    mutating func describe(_ object: CachedObject, id: AnyObjectID) {
        objects[id] = ObjectEntry(object: object, describedAt: .now)
    }

    mutating func setToOne(at slot: Int, of id: AnyObjectID, to destination: AnyObjectID?) {
        guard var object = self[id] else { return }
        object.toOneIDs[slot] = destination
        stage(object, id: id)
    }

    mutating func list(_ members: [AnyObjectID], for key: RelationKey) {
        lists[key] = ListEntry(members: members, listedAt: .now)
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

    /// What the save changed. It lets go of the cache the save began with, so the store's cache, no longer
    /// shared, changes in place when the changes are applied rather than being copied whole; the view reads
    /// only the save's own writes afterwards.
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
